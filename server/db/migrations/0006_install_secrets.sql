CREATE TABLE "install_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seamless_signs" (
	"action" text NOT NULL,
	"request_time" text NOT NULL,
	"sign" text NOT NULL,
	"body_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seamless_signs_pk" PRIMARY KEY("action","request_time","sign")
);
--> statement-breakpoint
CREATE INDEX "seamless_signs_created" ON "seamless_signs" USING btree ("created_at");
--> statement-breakpoint
ALTER TABLE "seamless_calls" ADD COLUMN "request_bytes" integer;
