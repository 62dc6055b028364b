CREATE TABLE "telegram_broadcasts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"texts" jsonb NOT NULL,
	"image" text,
	"button" jsonb,
	"agent_id" bigint,
	"status" text DEFAULT 'draft' NOT NULL,
	"queued" integer,
	"created_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"previewed_at" timestamp with time zone,
	"sent_at" timestamp with time zone,
	CONSTRAINT "telegram_broadcasts_status" CHECK ("telegram_broadcasts"."status" in ('draft', 'sent'))
);
--> statement-breakpoint
ALTER TABLE "telegram_broadcasts" ADD CONSTRAINT "telegram_broadcasts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "telegram_broadcasts_created_idx" ON "telegram_broadcasts" USING btree ("created_at","id");