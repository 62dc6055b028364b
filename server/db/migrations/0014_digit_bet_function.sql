-- Digit Bets in one statement (decision 0025): for each bet the key's claim, the seed's next nonce,
-- the roll, the settlement, the wallet, the bet row, the ledger rows and the player's latest bets,
-- in one call that runs as its own transaction, for one bet or a batch of them. The roll is docs/digit-bet.md's HMAC-SHA256 built
-- from PostgreSQL's sha256(): HMAC(K, m) = SHA256((K0 ^ opad) || SHA256((K0 ^ ipad) || m)), K0 the
-- key padded with zeros to the 64-byte block. The two padded keys depend on the server seed only,
-- so each pair stores them (filled by a trigger) and a roll is two sha256() calls.

-- The server seed (64 lowercase hex characters = 32 bytes) padded to 64 bytes and XORed with
-- `pad` (0x36 inner, 0x5c outer); NULL for anything else, which no bet can then use.
CREATE FUNCTION "kp_hmac_key_pad"(seed_hex text, pad int) RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
	k bytea;
BEGIN
	IF seed_hex !~ '^[0-9a-f]{64}$' THEN
		RETURN NULL;
	END IF;
	k := decode(seed_hex || repeat('00', 32), 'hex');
	FOR i IN 0..63 LOOP
		k := set_byte(k, i, get_byte(k, i) # pad);
	END LOOP;
	RETURN k;
END
$$;
--> statement-breakpoint
-- Columns, not generated ones: PostgreSQL recomputes a stored generated column on every UPDATE
-- of the row, and each bet updates its pair's nonce. The trigger fills them when a pair is
-- written with its seed (a new pair; an UPDATE naming server_seed).
ALTER TABLE "digit_seeds" ADD COLUMN "hmac_inner" bytea;
--> statement-breakpoint
ALTER TABLE "digit_seeds" ADD COLUMN "hmac_outer" bytea;
--> statement-breakpoint
CREATE FUNCTION "kp_digit_seed_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."hmac_inner" := kp_hmac_key_pad(NEW."server_seed", 54);
	NEW."hmac_outer" := kp_hmac_key_pad(NEW."server_seed", 92);
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "digit_seeds_keys" BEFORE INSERT OR UPDATE OF "server_seed", "hmac_inner", "hmac_outer" ON "digit_seeds"
	FOR EACH ROW EXECUTE FUNCTION "kp_digit_seed_keys"();
--> statement-breakpoint
UPDATE "digit_seeds" SET "server_seed" = "server_seed";
--> statement-breakpoint
-- floor(10 * k / 2^32), k the HMAC's first four bytes read big-endian (docs/digit-bet.md).
-- PL/pgSQL rather than SQL here and below: PostgreSQL 15 parses a SQL function's body again at
-- every call it does not inline, and PL/pgSQL keeps its plans.
CREATE FUNCTION "kp_digit_roll"(inner_key bytea, outer_key bytea, client_seed text, nonce int) RETURNS int LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	RETURN ((('x' || encode(substr(sha256(outer_key || sha256(inner_key || convert_to(client_seed || ':' || nonce::text, 'UTF8'))), 1, 4), 'hex'))::bit(32)::bigint * 10) >> 32)::int;
END
$$;
--> statement-breakpoint
-- What a bet pays (docs/digit-bet.md): stake x the payout on a win (the stake is not returned on
-- top), 0 on a loss. A digit wins when it is rolled; Small on 0-4; Big on 5-9. The digit 5 on a
-- rolled 5 pays `five`, any other digit `digit`; Big and Small pay `big_small`.
CREATE FUNCTION "kp_digit_win"(bet_type text, digit int, rolled int, stake bigint, payout_digit bigint, payout_five bigint, payout_big_small bigint)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	RETURN CASE
		WHEN bet_type = 'digit' AND digit = rolled THEN stake * CASE WHEN rolled = 5 THEN payout_five ELSE payout_digit END
		WHEN (bet_type = 'small' AND rolled BETWEEN 0 AND 4) OR (bet_type = 'big' AND rolled BETWEEN 5 AND 9) THEN stake * payout_big_small
		ELSE 0
	END;
END
$$;
--> statement-breakpoint
-- The answer a replay rebuilds is the bet row's: the game balance it left, and the key it answered.
ALTER TABLE "digit_bets" ADD COLUMN "balance_after" bigint;
--> statement-breakpoint
ALTER TABLE "digit_bets" ADD COLUMN "key_id" bigint;
--> statement-breakpoint
CREATE UNIQUE INDEX "digit_bets_key" ON "digit_bets" USING btree ("key_id") WHERE "key_id" IS NOT NULL;
--> statement-breakpoint
-- Bets, one or several (a batch the server gathers while its earlier batches are in flight),
-- in one transaction: the bets of different players share its round trip and its commit.
-- `p_bets`: [{slot, user_id, key, scope, bet_type, digit, bet_amount, multiplier, at}], `key` null
-- without an Idempotency-Key. Each bet answers rows tagged with its slot and a status:
--   'placed'    the new bet first, then the player's bets before it, up to 20 rows, with the game
--               balance after the bet;
--   'key_taken' one row: the key was used already, nothing done (the caller replays or refuses);
--   'short'     one row: the game balance does not cover the stake, nothing done;
--   'no_pair'   one row: the player has no active seed pair (a first bet; a rotation replaced it
--               while this waited), nothing done: the caller creates one from its own random
--               source and sends the bet again.
-- A bet that is not placed leaves nothing: its key row is deleted and its nonce given back, under
-- the locks it holds. Bets are taken in player order, and for each player the key, then the seed
-- row, then the wallet row: a rotation takes only the seed row and the other money routes only
-- the wallet row, so two batches, or a batch and anything else, can never wait on each other in
-- a circle. A player's bets and rotations run one after the other.
CREATE FUNCTION "kp_digit_bets"(p_bets jsonb, p_payout_digit bigint, p_payout_five bigint, p_payout_big_small bigint)
RETURNS TABLE (
	slot int, status text, balance text, id text, created_at timestamptz, bet_type text, digit int, bet_amount text,
	multiplier int, stake text, rolled int, outcome text, win_amount text, seed_id text, nonce int,
	client_seed text, server_seed_hash text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	b record;
	v_key bigint;
	v_seed record;
	v_stake bigint;
	v_rolled int;
	v_win bigint;
	v_after bigint;
	v_bet bigint;
BEGIN
	FOR b IN
		SELECT * FROM jsonb_to_recordset(p_bets) AS x(slot int, user_id bigint, key text, scope text, bet_type text, digit int,
		                                               bet_amount bigint, multiplier int, at timestamptz)
		 ORDER BY x.user_id, x.slot
	LOOP
		v_stake := b.bet_amount * b.multiplier;
		v_key := NULL;
		IF b.key IS NOT NULL THEN
			-- Stored as answered: nobody sees the row before this commits, and then it is.
			INSERT INTO idempotency_keys AS k (user_id, key, scope, response_status) VALUES (b.user_id, b.key, b.scope, 200)
				ON CONFLICT DO NOTHING RETURNING k.id INTO v_key;
			IF v_key IS NULL THEN
				RETURN QUERY SELECT b.slot, 'key_taken'::text, NULL::text, NULL::text, NULL::timestamptz, NULL::text, NULL::int, NULL::text,
				                    NULL::int, NULL::text, NULL::int, NULL::text, NULL::text, NULL::text, NULL::int, NULL::text, NULL::text;
				CONTINUE;
			END IF;
		END IF;

		UPDATE digit_seeds AS s SET nonce = s.nonce + 1
		 WHERE s.user_id = b.user_id AND s.active
		RETURNING s.id, s.client_seed, s.nonce - 1 AS nonce, s.hmac_inner, s.hmac_outer INTO v_seed;
		IF NOT FOUND THEN
			DELETE FROM idempotency_keys AS k WHERE k.id = v_key;
			-- A bet the balance cannot cover creates no pair either.
			RETURN QUERY SELECT b.slot,
				CASE WHEN EXISTS (SELECT 1 FROM users AS u WHERE u.id = b.user_id AND u.balance >= v_stake) THEN 'no_pair' ELSE 'short' END,
				NULL::text, NULL::text, NULL::timestamptz, NULL::text, NULL::int, NULL::text,
				NULL::int, NULL::text, NULL::int, NULL::text, NULL::text, NULL::text, NULL::int, NULL::text, NULL::text;
			CONTINUE;
		END IF;
		v_rolled := kp_digit_roll(v_seed.hmac_inner, v_seed.hmac_outer, v_seed.client_seed, v_seed.nonce);
		IF v_rolled IS NULL THEN
			RAISE EXCEPTION 'digit seed % cannot roll', v_seed.id;
		END IF;
		v_win := kp_digit_win(b.bet_type, b.digit, v_rolled, v_stake, p_payout_digit, p_payout_five, p_payout_big_small);

		-- The wallet's row lock (the lock an UPDATE of non-key columns takes, as ledger.ts's), the
		-- check that the balance covers the stake against the committed balance, and the new balance.
		UPDATE users AS u SET balance = u.balance - v_stake + v_win, updated_at = now()
		 WHERE u.id = b.user_id AND u.balance >= v_stake
		RETURNING u.balance INTO v_after;
		IF NOT FOUND THEN
			UPDATE digit_seeds AS s SET nonce = s.nonce - 1 WHERE s.id = v_seed.id;
			DELETE FROM idempotency_keys AS k WHERE k.id = v_key;
			RETURN QUERY SELECT b.slot, 'short'::text, NULL::text, NULL::text, NULL::timestamptz, NULL::text, NULL::int, NULL::text,
			                    NULL::int, NULL::text, NULL::int, NULL::text, NULL::text, NULL::text, NULL::int, NULL::text, NULL::text;
			CONTINUE;
		END IF;

		INSERT INTO digit_bets AS r (user_id, seed_id, nonce, client_seed, bet_type, digit, bet_amount, multiplier, stake,
		                             rolled, outcome, win_amount, created_at, balance_after, key_id)
		VALUES (b.user_id, v_seed.id, v_seed.nonce, v_seed.client_seed, b.bet_type, b.digit, b.bet_amount, b.multiplier, v_stake,
		        v_rolled, CASE WHEN v_win > 0 THEN 'win' ELSE 'lose' END, v_win, b.at, v_after, v_key)
		RETURNING r.id INTO v_bet;

		INSERT INTO ledger (user_id, wallet, kind, amount, balance_before, balance_after, reference)
		SELECT b.user_id, 'game', m.kind, m.amount, m.before, m.before + m.amount, 'digit_bet:' || v_bet
		  FROM (VALUES (1, 'digit_bet', -v_stake, v_after + v_stake - v_win), (2, 'digit_win', v_win, v_after - v_win)) AS m(seq, kind, amount, before)
		 WHERE m.amount <> 0
		 ORDER BY m.seq;

		-- A statement of its own: under READ COMMITTED it sees every bet that committed while this
		-- one waited for the seed row's lock.
		RETURN QUERY
		SELECT b.slot, 'placed'::text, v_after::text, r.id::text, r.created_at, r.bet_type, r.digit, r.bet_amount::text, r.multiplier,
		       r.stake::text, r.rolled, r.outcome, r.win_amount::text, r.seed_id::text, r.nonce, r.client_seed, s.server_seed_hash
		  FROM digit_bets AS r JOIN digit_seeds AS s ON s.id = r.seed_id
		 WHERE r.user_id = b.user_id
		 ORDER BY r.id DESC
		 LIMIT 20;
	END LOOP;
END
$$;
--> statement-breakpoint
-- The session trigger of 0013, now naming its columns: an UPDATE that sets none of them (every
-- balance change) skips it without evaluating its WHEN.
DROP TRIGGER "users_session_changed" ON "users";
--> statement-breakpoint
CREATE TRIGGER "users_session_changed" AFTER UPDATE OF "status", "user_name", "name", "phone", "agent_id", "telegram_id", "password_hash" ON "users" FOR EACH ROW
	WHEN ((OLD."status", OLD."user_name", OLD."name", OLD."phone", OLD."agent_id", OLD."telegram_id", OLD."password_hash")
		IS DISTINCT FROM (NEW."status", NEW."user_name", NEW."name", NEW."phone", NEW."agent_id", NEW."telegram_id", NEW."password_hash"))
	EXECUTE FUNCTION "kp_user_session_changed"();
