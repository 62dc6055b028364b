CREATE TABLE "telegram_fanouts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"payload" jsonb NOT NULL,
	"cursor" bigint DEFAULT 0 NOT NULL,
	"queued" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"done_at" timestamp with time zone,
	CONSTRAINT "telegram_fanouts_status" CHECK ("telegram_fanouts"."status" in ('pending', 'done'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_fanouts_dedupe_key" ON "telegram_fanouts" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "telegram_fanouts_pending_idx" ON "telegram_fanouts" USING btree ("id") WHERE "telegram_fanouts"."status" = 'pending';