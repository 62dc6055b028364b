-- kp_user_session_changed: first created by migration 0013_session_notify.sql; this file owns its body from then on (decision 0026).
CREATE OR REPLACE FUNCTION "kp_user_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('kp_sessions', OLD."id"::text);
	RETURN NULL;
END
$$;
