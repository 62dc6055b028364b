CREATE TABLE "two_d_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slip_id" bigint NOT NULL,
	"user_id" bigint NOT NULL,
	"draw_date" text NOT NULL,
	"session" text NOT NULL,
	"bet_number" text NOT NULL,
	"bet_amount" bigint NOT NULL,
	"potential_payout" bigint NOT NULL,
	"win_lose" boolean,
	"prize_amount" bigint DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_d_bets_amount_pos" CHECK ("two_d_bets"."bet_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "two_d_closures" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_d_closures_kind" CHECK ("two_d_closures"."kind" in ('head', 'number'))
);
--> statement-breakpoint
CREATE TABLE "two_d_counters" (
	"draw_date" text NOT NULL,
	"session" text NOT NULL,
	"number" text NOT NULL,
	"staked" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "two_d_counters_draw_date_session_number_pk" PRIMARY KEY("draw_date","session","number"),
	CONSTRAINT "two_d_counters_nonneg" CHECK ("two_d_counters"."staked" >= 0)
);
--> statement-breakpoint
CREATE TABLE "two_d_holidays" (
	"date" text PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_d_number_limits" (
	"number" text PRIMARY KEY NOT NULL,
	"break_amount" bigint NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_d_result_audit" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draw_date" text NOT NULL,
	"session" text NOT NULL,
	"action" text NOT NULL,
	"actor" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "two_d_results" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draw_date" text NOT NULL,
	"session" text NOT NULL,
	"set_index" text NOT NULL,
	"value" text NOT NULL,
	"twod" text NOT NULL,
	"source" text NOT NULL,
	"status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_d_results_session" CHECK ("two_d_results"."session" in ('morning', 'evening')),
	CONSTRAINT "two_d_results_twod" CHECK ("two_d_results"."twod" ~ '^[0-9]{2}$')
);
--> statement-breakpoint
CREATE TABLE "two_d_settlements" (
	"draw_date" text NOT NULL,
	"session" text NOT NULL,
	"outcome" text NOT NULL,
	"twod" text,
	"winners" integer DEFAULT 0 NOT NULL,
	"paid" bigint DEFAULT 0 NOT NULL,
	"settled_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_d_settlements_draw_date_session_pk" PRIMARY KEY("draw_date","session")
);
--> statement-breakpoint
CREATE TABLE "two_d_slips" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"slip_no" text NOT NULL,
	"user_id" bigint NOT NULL,
	"draw_date" text NOT NULL,
	"session" text NOT NULL,
	"total_bet_amount" bigint NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"before_balance" bigint NOT NULL,
	"after_balance" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_d_slips_slip_no_unique" UNIQUE("slip_no")
);
--> statement-breakpoint
ALTER TABLE "two_d_bets" ADD CONSTRAINT "two_d_bets_slip_id_two_d_slips_id_fk" FOREIGN KEY ("slip_id") REFERENCES "public"."two_d_slips"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_d_bets" ADD CONSTRAINT "two_d_bets_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "two_d_slips" ADD CONSTRAINT "two_d_slips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "two_d_bets_slip" ON "two_d_bets" USING btree ("slip_id");--> statement-breakpoint
CREATE INDEX "two_d_bets_draw" ON "two_d_bets" USING btree ("draw_date","session","bet_number");--> statement-breakpoint
CREATE UNIQUE INDEX "two_d_closures_unique" ON "two_d_closures" USING btree ("kind","value");--> statement-breakpoint
CREATE UNIQUE INDEX "two_d_results_draw" ON "two_d_results" USING btree ("draw_date","session");--> statement-breakpoint
CREATE INDEX "two_d_slips_user" ON "two_d_slips" USING btree ("user_id","draw_date","session");--> statement-breakpoint
CREATE INDEX "two_d_slips_draw" ON "two_d_slips" USING btree ("draw_date","session");