-- kp_digit_seed_keys: first created by migration 0014_digit_bet_function.sql; this file owns its body from then on (decision 0026).
CREATE OR REPLACE FUNCTION "kp_digit_seed_keys"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	NEW."hmac_inner" := kp_hmac_key_pad(NEW."server_seed", 54);
	NEW."hmac_outer" := kp_hmac_key_pad(NEW."server_seed", 92);
	RETURN NEW;
END
$$;
