-- Two-person confirmation of 2D results (TWO_D_RESULT_CONFIRM=two-person, docs/operator.md):
-- who asked for a provisional result to be confirmed, waiting for a different operator.
ALTER TABLE "two_d_results" ADD COLUMN "proposed_by" text;
--> statement-breakpoint
ALTER TABLE "two_d_results" ADD COLUMN "proposed_by_name" text;
--> statement-breakpoint
ALTER TABLE "two_d_results" ADD COLUMN "proposed_at" timestamp with time zone;
