-- The public catalogue and home content are cached in every server process (domain/catalogue-cache.ts).
-- Any write to their tables, whoever makes it (admin API, CLI, seed, psql), bumps this one row in
-- the writer's transaction, so the new version becomes visible exactly when the edit commits; a
-- process on PostgreSQL compares it before answering from its cache. The NOTIFY tells an embedded
-- PGlite (one process) at commit, without a query per request.
CREATE TABLE "catalogue_version" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 1 NOT NULL,
	CONSTRAINT "catalogue_version_one_row" CHECK ("id" = 1)
);
--> statement-breakpoint
INSERT INTO "catalogue_version" ("id", "version") VALUES (1, 1);
--> statement-breakpoint
CREATE FUNCTION "kp_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
	PERFORM pg_notify('kp_catalogue', '');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "game_types_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "game_types" FOR EACH STATEMENT EXECUTE FUNCTION "kp_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "providers_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "providers" FOR EACH STATEMENT EXECUTE FUNCTION "kp_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "products_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION "kp_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "games_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "games" FOR EACH STATEMENT EXECUTE FUNCTION "kp_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "banners_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners" FOR EACH STATEMENT EXECUTE FUNCTION "kp_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "banner_texts_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banner_texts" FOR EACH STATEMENT EXECUTE FUNCTION "kp_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "popup_ads_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "popup_ads" FOR EACH STATEMENT EXECUTE FUNCTION "kp_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "promotions_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "promotions" FOR EACH STATEMENT EXECUTE FUNCTION "kp_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "contacts_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "contacts" FOR EACH STATEMENT EXECUTE FUNCTION "kp_catalogue_changed"();
--> statement-breakpoint
CREATE TRIGGER "video_ads_catalogue_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "video_ads" FOR EACH STATEMENT EXECUTE FUNCTION "kp_catalogue_changed"();
