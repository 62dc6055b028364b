-- Phones in one canonical form (server/lib/phone.ts): spaces, dashes, dots and brackets dropped,
-- 00 → +, a mistyped +0… → 0…, and +959… / 959… → 09…. When two existing rows become the same
-- phone, the one already in canonical form (else the older) keeps it; each other one is stored as
-- "<phone>#dup<id>", which no player can type, so nothing collides: that player still logs in by
-- user name (docs/decisions/0007-production-mode-and-attack-pass.md).
WITH c AS (
	SELECT id, phone,
		regexp_replace(
			regexp_replace(
				regexp_replace(
					regexp_replace(phone, '[[:space:]().-]', '', 'g'),
				'^00', '+'),
			'^\+0', '0'),
		'^\+?959([0-9]{7,9})$', '09\1') AS canon
	FROM users
), ranked AS (
	SELECT id, phone, canon,
		row_number() OVER (PARTITION BY canon ORDER BY (phone = canon) DESC, id) AS rn
	FROM c
), target AS (
	SELECT id, CASE WHEN rn = 1 THEN canon ELSE canon || '#dup' || id END AS phone
	FROM ranked
)
UPDATE users u SET phone = t.phone FROM target t WHERE t.id = u.id AND u.phone <> t.phone;
--> statement-breakpoint
-- Game launch tokens issued before this moment no longer open a game (password change).
ALTER TABLE "users" ADD COLUMN "launch_valid_after" timestamp with time zone;
