-- Every server process keeps the sessions it has checked in memory for a few seconds
-- (domain/session-cache.ts), so a money request does not pay a round trip for its token. Whatever
-- could end or change a session -- a token revoked, deleted or shortened, a player banned, renamed,
-- linked to Telegram, given a password -- is announced here at COMMIT, by whoever writes it (API,
-- console, CLI, psql), on channel kp_sessions with the player's id ('*' for a TRUNCATE). A process
-- drops that player's entries when it hears it, and caches nothing while it cannot hear.
CREATE FUNCTION "kp_token_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('kp_sessions', OLD."user_id"::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "kp_user_session_changed"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('kp_sessions', OLD."id"::text);
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE FUNCTION "kp_sessions_truncated"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('kp_sessions', '*');
	RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER "tokens_session_changed" AFTER UPDATE ON "tokens" FOR EACH ROW
	WHEN (OLD."revoked_at" IS DISTINCT FROM NEW."revoked_at" OR NEW."expires_at" < OLD."expires_at"
		OR OLD."user_id" <> NEW."user_id" OR OLD."token_hash" <> NEW."token_hash")
	EXECUTE FUNCTION "kp_token_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "tokens_session_deleted" AFTER DELETE ON "tokens" FOR EACH ROW EXECUTE FUNCTION "kp_token_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "tokens_sessions_truncated" AFTER TRUNCATE ON "tokens" FOR EACH STATEMENT EXECUTE FUNCTION "kp_sessions_truncated"();
--> statement-breakpoint
CREATE TRIGGER "users_session_changed" AFTER UPDATE ON "users" FOR EACH ROW
	WHEN ((OLD."status", OLD."user_name", OLD."name", OLD."phone", OLD."agent_id", OLD."telegram_id", OLD."password_hash")
		IS DISTINCT FROM (NEW."status", NEW."user_name", NEW."name", NEW."phone", NEW."agent_id", NEW."telegram_id", NEW."password_hash"))
	EXECUTE FUNCTION "kp_user_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_session_deleted" AFTER DELETE ON "users" FOR EACH ROW EXECUTE FUNCTION "kp_user_session_changed"();
--> statement-breakpoint
CREATE TRIGGER "users_sessions_truncated" AFTER TRUNCATE ON "users" FOR EACH STATEMENT EXECUTE FUNCTION "kp_sessions_truncated"();
