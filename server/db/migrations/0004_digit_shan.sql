CREATE TABLE "demo_shan_rounds" (
	"id" text PRIMARY KEY NOT NULL,
	"operator_code" text NOT NULL,
	"member_account" text NOT NULL,
	"stake" bigint NOT NULL,
	"state" jsonb NOT NULL,
	"status" text NOT NULL,
	"payout" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "demo_shan_sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"operator_code" text NOT NULL,
	"member_account" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "digit_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"seed_id" bigint NOT NULL,
	"nonce" integer NOT NULL,
	"client_seed" text NOT NULL,
	"bet_type" text NOT NULL,
	"digit" integer,
	"bet_amount" bigint NOT NULL,
	"multiplier" integer NOT NULL,
	"stake" bigint NOT NULL,
	"rolled" integer NOT NULL,
	"outcome" text NOT NULL,
	"win_amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "digit_bets_type" CHECK ("digit_bets"."bet_type" in ('digit', 'big', 'small')),
	CONSTRAINT "digit_bets_rolled" CHECK ("digit_bets"."rolled" between 0 and 9),
	CONSTRAINT "digit_bets_stake_pos" CHECK ("digit_bets"."stake" > 0)
);
--> statement-breakpoint
CREATE TABLE "digit_seeds" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"server_seed" text NOT NULL,
	"server_seed_hash" text NOT NULL,
	"client_seed" text NOT NULL,
	"nonce" integer DEFAULT 0 NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revealed_at" timestamp with time zone,
	CONSTRAINT "digit_seeds_nonce_nonneg" CHECK ("digit_seeds"."nonce" >= 0)
);
--> statement-breakpoint
CREATE TABLE "shan_transactions" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"operator_code" text NOT NULL,
	"round_id" text NOT NULL,
	"kind" text NOT NULL,
	"user_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"response" jsonb NOT NULL,
	"detail" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "shan_tx_kind" CHECK ("shan_transactions"."kind" in ('bet', 'settle'))
);
--> statement-breakpoint
ALTER TABLE "digit_bets" ADD CONSTRAINT "digit_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digit_bets" ADD CONSTRAINT "digit_bets_seed_id_digit_seeds_id_fk" FOREIGN KEY ("seed_id") REFERENCES "public"."digit_seeds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "digit_seeds" ADD CONSTRAINT "digit_seeds_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shan_transactions" ADD CONSTRAINT "shan_transactions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "demo_shan_rounds_member" ON "demo_shan_rounds" USING btree ("operator_code","member_account","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "digit_bets_seed_nonce" ON "digit_bets" USING btree ("seed_id","nonce");--> statement-breakpoint
CREATE INDEX "digit_bets_user" ON "digit_bets" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "digit_seeds_one_active" ON "digit_seeds" USING btree ("user_id") WHERE "digit_seeds"."active";--> statement-breakpoint
CREATE INDEX "digit_seeds_user" ON "digit_seeds" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "shan_tx_unique" ON "shan_transactions" USING btree ("operator_code","round_id","kind");--> statement-breakpoint
CREATE INDEX "shan_tx_user" ON "shan_transactions" USING btree ("user_id","created_at");