-- kp_digit_win: first created by migration 0014_digit_bet_function.sql; this file owns its body from then on (decision 0026).
-- What a bet pays (docs/digit-bet.md): stake x the payout on a win (the stake is not returned on
-- top), 0 on a loss. A digit wins when it is rolled; Small on 0-4; Big on 5-9. The digit 5 on a
-- rolled 5 pays `five`, any other digit `digit`; Big and Small pay `big_small`.
CREATE OR REPLACE FUNCTION "kp_digit_win"(bet_type text, digit int, rolled int, stake bigint, payout_digit bigint, payout_five bigint, payout_big_small bigint)
RETURNS bigint LANGUAGE plpgsql IMMUTABLE AS $$
BEGIN
	RETURN CASE
		WHEN bet_type = 'digit' AND digit = rolled THEN stake * CASE WHEN rolled = 5 THEN payout_five ELSE payout_digit END
		WHEN (bet_type = 'small' AND rolled BETWEEN 0 AND 4) OR (bet_type = 'big' AND rolled BETWEEN 5 AND 9) THEN stake * payout_big_small
		ELSE 0
	END;
END
$$;
