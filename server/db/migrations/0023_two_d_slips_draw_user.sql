DROP INDEX "two_d_slips_draw";--> statement-breakpoint
CREATE INDEX "two_d_slips_draw_user" ON "two_d_slips" USING btree ("draw_date","session","user_id");