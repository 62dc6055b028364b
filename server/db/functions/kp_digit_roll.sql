-- kp_digit_roll: first created by migration 0014_digit_bet_function.sql; this file owns its body from then on (decision 0026).
-- floor(10 * k / 2^32), k the HMAC's first four bytes read big-endian (docs/digit-bet.md).
-- PL/pgSQL rather than SQL here and below: PostgreSQL 15 parses a SQL function's body again at
-- every call it does not inline, and PL/pgSQL keeps its plans.
CREATE OR REPLACE FUNCTION "kp_digit_roll"(inner_key bytea, outer_key bytea, client_seed text, nonce int) RETURNS int LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	RETURN ((('x' || encode(substr(sha256(outer_key || sha256(inner_key || convert_to(client_seed || ':' || nonce::text, 'UTF8'))), 1, 4), 'hex'))::bit(32)::bigint * 10) >> 32)::int;
END
$$;
