CREATE TABLE "agent_payment_accounts" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"agent_id" bigint NOT NULL,
	"payment_type_id" bigint NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "deposit_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"agent_payment_account_id" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"refrence_no" text NOT NULL,
	"receipt" text,
	"status" integer DEFAULT 0 NOT NULL,
	"note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "deposit_amount_pos" CHECK ("deposit_requests"."amount" > 0),
	CONSTRAINT "deposit_status" CHECK ("deposit_requests"."status" in (0, 1, 2))
);
--> statement-breakpoint
CREATE TABLE "exchanges" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"type" text NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "exchanges_amount_pos" CHECK ("exchanges"."amount" > 0),
	CONSTRAINT "exchanges_type" CHECK ("exchanges"."type" in ('mainBalanceToGaming', 'GamingToMainBalance'))
);
--> statement-breakpoint
CREATE TABLE "idempotency_keys" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"key" text NOT NULL,
	"scope" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_types" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	CONSTRAINT "payment_types_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "user_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"payment_type_id" bigint NOT NULL,
	"account_name" text NOT NULL,
	"account_no" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "withdraw_requests" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"payment_type_id" bigint NOT NULL,
	"account_name" text NOT NULL,
	"account_number" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"note" text,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "withdraw_amount_pos" CHECK ("withdraw_requests"."amount" > 0),
	CONSTRAINT "withdraw_status" CHECK ("withdraw_requests"."status" in (0, 1, 2))
);
--> statement-breakpoint
ALTER TABLE "agent_payment_accounts" ADD CONSTRAINT "agent_payment_accounts_agent_id_agents_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."agents"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_payment_accounts" ADD CONSTRAINT "agent_payment_accounts_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "deposit_requests" ADD CONSTRAINT "deposit_requests_agent_payment_account_id_agent_payment_accounts_id_fk" FOREIGN KEY ("agent_payment_account_id") REFERENCES "public"."agent_payment_accounts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "exchanges" ADD CONSTRAINT "exchanges_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payments" ADD CONSTRAINT "user_payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_payments" ADD CONSTRAINT "user_payments_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD CONSTRAINT "withdraw_requests_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD CONSTRAINT "withdraw_requests_payment_type_id_payment_types_id_fk" FOREIGN KEY ("payment_type_id") REFERENCES "public"."payment_types"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_account_unique" ON "agent_payment_accounts" USING btree ("agent_id","payment_type_id","account_no");--> statement-breakpoint
CREATE INDEX "deposit_requests_user_idx" ON "deposit_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "deposit_requests_status_idx" ON "deposit_requests" USING btree ("status","id");--> statement-breakpoint
CREATE UNIQUE INDEX "deposit_pending_ref" ON "deposit_requests" USING btree ("agent_payment_account_id","refrence_no") WHERE "deposit_requests"."status" = 0;--> statement-breakpoint
CREATE INDEX "exchanges_user_idx" ON "exchanges" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_user_key" ON "idempotency_keys" USING btree ("user_id","key");--> statement-breakpoint
CREATE UNIQUE INDEX "user_payment_unique" ON "user_payments" USING btree ("user_id","payment_type_id","account_no");--> statement-breakpoint
CREATE INDEX "withdraw_requests_user_idx" ON "withdraw_requests" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "withdraw_requests_status_idx" ON "withdraw_requests" USING btree ("status","id");