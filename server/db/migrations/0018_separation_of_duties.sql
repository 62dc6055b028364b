-- Separation of duties (decision 0034): an operator's password reset makes the player choose a new
-- password before anything else works and holds their withdrawals for RESET_WITHDRAW_HOLD_HOURS;
-- a withdrawal at or above WITHDRAW_SECOND_APPROVAL_KYAT records its first approval and waits for a
-- different operator's.
ALTER TABLE "users" ADD COLUMN "must_change_password" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "withdraw_hold_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD COLUMN "first_approved_by" text;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD COLUMN "first_approved_by_name" text;--> statement-breakpoint
ALTER TABLE "withdraw_requests" ADD COLUMN "first_approved_at" timestamp with time zone;