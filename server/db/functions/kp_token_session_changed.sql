-- kp_token_session_changed: first created by migration 0013_session_notify.sql; this file owns its body from then on (decision 0026).
-- Every server process keeps the sessions it has checked in memory for a few seconds
-- (domain/session-cache.ts), so a money request does not pay a round trip for its token. Whatever
-- could end or change a session -- a token revoked, deleted or shortened, a player banned, renamed,
-- linked to Telegram, given a password -- is announced here at COMMIT, by whoever writes it (API,
-- console, CLI, psql), on channel kp_sessions with the player's id ('*' for a TRUNCATE). A process
-- drops that player's entries when it hears it, and caches nothing while it cannot hear.
CREATE OR REPLACE FUNCTION "kp_token_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('kp_sessions', OLD."user_id"::text);
	RETURN NULL;
END
$$;
