-- kp_catalogue_changed: first created by migration 0010_catalogue_version.sql; this file owns its body from then on (decision 0026).
CREATE OR REPLACE FUNCTION "kp_catalogue_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	UPDATE "catalogue_version" SET "version" = "version" + 1 WHERE "id" = 1;
	PERFORM pg_notify('kp_catalogue', '');
	RETURN NULL;
END
$$;
