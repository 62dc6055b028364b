-- Telegram messages (issue 29): the durable outbox (rows written with their event), per-chat pacing and
-- blocking, the shared global send budget, the player's message preferences and known sign-in places.
CREATE TABLE "notification_preferences" (
	"user_id" bigint PRIMARY KEY NOT NULL,
	"deposit" boolean DEFAULT true NOT NULL,
	"withdraw" boolean DEFAULT true NOT NULL,
	"two_d" boolean DEFAULT true NOT NULL,
	"adjustment" boolean DEFAULT true NOT NULL,
	"announcements" boolean DEFAULT false NOT NULL,
	"two_d_results" boolean DEFAULT false NOT NULL,
	"stopped" boolean DEFAULT false NOT NULL,
	"language" text,
	"telegram_language" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sign_in_places" (
	"user_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"first_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sign_in_places_user_id_kind_value_pk" PRIMARY KEY("user_id","kind","value"),
	CONSTRAINT "sign_in_places_kind" CHECK ("sign_in_places"."kind" in ('net', 'device'))
);
--> statement-breakpoint
CREATE TABLE "telegram_chats" (
	"chat_id" bigint PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone DEFAULT now() NOT NULL,
	"blocked_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "telegram_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"chat_id" bigint NOT NULL,
	"user_id" bigint,
	"kind" text NOT NULL,
	"dedupe_key" text NOT NULL,
	"text" text NOT NULL,
	"photo" text,
	"button" jsonb,
	"priority" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"claimed_at" timestamp with time zone,
	"last_error" text,
	"telegram_message_id" bigint,
	"broadcast_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "telegram_outbox_status" CHECK ("telegram_outbox"."status" in ('pending', 'sending', 'sent', 'failed', 'dropped', 'unknown'))
);
--> statement-breakpoint
CREATE TABLE "telegram_pacer" (
	"id" integer PRIMARY KEY NOT NULL,
	"next_at" timestamp with time zone NOT NULL,
	CONSTRAINT "telegram_pacer_one_row" CHECK ("telegram_pacer"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "notification_preferences" ADD CONSTRAINT "notification_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sign_in_places" ADD CONSTRAINT "sign_in_places_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "telegram_outbox" ADD CONSTRAINT "telegram_outbox_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "telegram_outbox_dedupe_key" ON "telegram_outbox" USING btree ("dedupe_key");--> statement-breakpoint
CREATE INDEX "telegram_outbox_pending_idx" ON "telegram_outbox" USING btree ("priority","id") WHERE "telegram_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "telegram_outbox_sending_idx" ON "telegram_outbox" USING btree ("claimed_at") WHERE "telegram_outbox"."status" = 'sending';--> statement-breakpoint
CREATE INDEX "telegram_outbox_chat_pending_idx" ON "telegram_outbox" USING btree ("chat_id") WHERE "telegram_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "telegram_outbox_broadcast_idx" ON "telegram_outbox" USING btree ("broadcast_id","status") WHERE "telegram_outbox"."broadcast_id" is not null;