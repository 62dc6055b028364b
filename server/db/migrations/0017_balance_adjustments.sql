CREATE TABLE "balance_adjustments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"user_id" bigint NOT NULL,
	"wallet" text NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"reason" text NOT NULL,
	"status" text NOT NULL,
	"requested_by_key" text NOT NULL,
	"requested_by_name" text NOT NULL,
	"decided_by_key" text,
	"decided_by_name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	CONSTRAINT "balance_adjustments_wallet" CHECK ("balance_adjustments"."wallet" in ('main', 'game')),
	CONSTRAINT "balance_adjustments_kind" CHECK ("balance_adjustments"."kind" in ('bonus', 'correction', 'goodwill')),
	CONSTRAINT "balance_adjustments_status" CHECK ("balance_adjustments"."status" in ('pending', 'applied', 'rejected')),
	CONSTRAINT "balance_adjustments_amount" CHECK ("balance_adjustments"."amount" <> 0)
);
--> statement-breakpoint
ALTER TABLE "operators" DROP CONSTRAINT "operators_role";--> statement-breakpoint
ALTER TABLE "balance_adjustments" ADD CONSTRAINT "balance_adjustments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "balance_adjustments_user_idx" ON "balance_adjustments" USING btree ("user_id","id");--> statement-breakpoint
CREATE INDEX "balance_adjustments_pending_idx" ON "balance_adjustments" USING btree ("id") WHERE "balance_adjustments"."status" = 'pending';--> statement-breakpoint
ALTER TABLE "operators" ADD CONSTRAINT "operators_role" CHECK ("operators"."role" in ('owner', 'cashier', 'content', 'two_d', 'finance'));