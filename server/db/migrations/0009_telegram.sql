ALTER TABLE "users" ADD COLUMN "telegram_id" bigint;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_telegram_id_key" ON "users" USING btree ("telegram_id");
--> statement-breakpoint
-- A player who joined through Telegram has no phone and no password until they add them.
ALTER TABLE "users" ALTER COLUMN "phone" DROP NOT NULL;
--> statement-breakpoint
ALTER TABLE "users" ALTER COLUMN "password_hash" DROP NOT NULL;
