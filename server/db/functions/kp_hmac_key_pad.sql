-- kp_hmac_key_pad: first created by migration 0014_digit_bet_function.sql; this file owns its body from then on (decision 0026).
-- Digit Bets in one statement (decision 0025): for each bet the key's claim, the seed's next nonce,
-- the roll, the settlement, the wallet, the bet row, the ledger rows and the player's latest bets,
-- in one call that runs as its own transaction, for one bet or a batch of them. The roll is docs/digit-bet.md's HMAC-SHA256 built
-- from PostgreSQL's sha256(): HMAC(K, m) = SHA256((K0 ^ opad) || SHA256((K0 ^ ipad) || m)), K0 the
-- key padded with zeros to the 64-byte block. The two padded keys depend on the server seed only,
-- so each pair stores them (filled by a trigger) and a roll is two sha256() calls.
-- The server seed (64 lowercase hex characters = 32 bytes) padded to 64 bytes and XORed with
-- `pad` (0x36 inner, 0x5c outer); NULL for anything else, which no bet can then use.
CREATE OR REPLACE FUNCTION "kp_hmac_key_pad"(seed_hex text, pad int) RETURNS bytea LANGUAGE plpgsql IMMUTABLE STRICT AS $$
DECLARE
	k bytea;
BEGIN
	IF seed_hex !~ '^[0-9a-f]{64}$' THEN
		RETURN NULL;
	END IF;
	k := decode(seed_hex || repeat('00', 32), 'hex');
	FOR i IN 0..63 LOOP
		k := set_byte(k, i, get_byte(k, i) # pad);
	END LOOP;
	RETURN k;
END
$$;
