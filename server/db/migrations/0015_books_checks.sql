CREATE TABLE "books_checks" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"summary" jsonb NOT NULL,
	"discrepancies" jsonb NOT NULL,
	"trigger" text NOT NULL,
	"actor" text NOT NULL,
	CONSTRAINT "books_checks_trigger" CHECK ("books_checks"."trigger" in ('schedule', 'operator', 'cli'))
);
--> statement-breakpoint
CREATE INDEX "books_checks_started_idx" ON "books_checks" USING btree ("started_at");