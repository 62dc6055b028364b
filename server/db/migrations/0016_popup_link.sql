ALTER TABLE "popup_ads" ADD COLUMN "link" text;--> statement-breakpoint
UPDATE "popup_ads" SET "link" = '/top-up/bank' WHERE "img_url" = '/assets/art/popup/1.svg' AND "link" IS NULL;
