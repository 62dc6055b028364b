CREATE TABLE "two_d_sim_segments" (
	"draw_date" text NOT NULL,
	"segment" integer NOT NULL,
	"points" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "two_d_sim_segments_pk" PRIMARY KEY("draw_date","segment")
);
