-- kp_digit_bets: first created by migration 0014_digit_bet_function.sql; this file owns its body from then on (decision 0026).
-- Bets, one or several (a batch the server gathers while its earlier batches are in flight),
-- in one transaction: the bets of different players share its round trip and its commit.
-- `p_bets`: [{slot, user_id, key, scope, bet_type, digit, bet_amount, multiplier, at}], `key` null
-- without an Idempotency-Key. Each bet answers rows tagged with its slot and a status:
--   'placed'    the new bet first, then the player's bets before it, up to 20 rows, with the game
--               balance after the bet;
--   'key_taken' one row: the key was used already, nothing done (the caller replays or refuses);
--   'short'     one row: the game balance does not cover the stake, nothing done;
--   'no_pair'   one row: the player has no active seed pair (a first bet; a rotation replaced it
--               while this waited), nothing done: the caller creates one from its own random
--               source and sends the bet again.
-- A bet of a player who is not active (users.status <> 1: banned) raises SQLSTATE KP403, which
-- fails the call: the ban holds here, not only in the session cache, and the caller sends the
-- other bets of the batch again without it (bets.ts).
-- A bet that is not placed leaves nothing: its key row is deleted and its nonce given back, under
-- the locks it holds. Bets are taken in player order, and for each player the key, then the seed
-- row, then the wallet row: a rotation takes only the seed row and the other money routes only
-- the wallet row, so two batches, or a batch and anything else, can never wait on each other in
-- a circle. A player's bets and rotations run one after the other.
CREATE OR REPLACE FUNCTION "kp_digit_bets"(p_bets jsonb, p_payout_digit bigint, p_payout_five bigint, p_payout_big_small bigint)
RETURNS TABLE (
	slot int, status text, balance text, id text, created_at timestamptz, bet_type text, digit int, bet_amount text,
	multiplier int, stake text, rolled int, outcome text, win_amount text, seed_id text, nonce int,
	client_seed text, server_seed_hash text
) LANGUAGE plpgsql AS $$
#variable_conflict use_column
DECLARE
	b record;
	v_key bigint;
	v_seed record;
	v_stake bigint;
	v_rolled int;
	v_win bigint;
	v_after bigint;
	v_bet bigint;
BEGIN
	FOR b IN
		SELECT * FROM jsonb_to_recordset(p_bets) AS x(slot int, user_id bigint, key text, scope text, bet_type text, digit int,
		                                               bet_amount bigint, multiplier int, at timestamptz)
		 ORDER BY x.user_id, x.slot
	LOOP
		v_stake := b.bet_amount * b.multiplier;
		v_key := NULL;
		IF b.key IS NOT NULL THEN
			-- Stored as answered: nobody sees the row before this commits, and then it is.
			INSERT INTO idempotency_keys AS k (user_id, key, scope, response_status) VALUES (b.user_id, b.key, b.scope, 200)
				ON CONFLICT DO NOTHING RETURNING k.id INTO v_key;
			IF v_key IS NULL THEN
				RETURN QUERY SELECT b.slot, 'key_taken'::text, NULL::text, NULL::text, NULL::timestamptz, NULL::text, NULL::int, NULL::text,
				                    NULL::int, NULL::text, NULL::int, NULL::text, NULL::text, NULL::text, NULL::int, NULL::text, NULL::text;
				CONTINUE;
			END IF;
		END IF;

		UPDATE digit_seeds AS s SET nonce = s.nonce + 1
		 WHERE s.user_id = b.user_id AND s.active
		RETURNING s.id, s.client_seed, s.nonce - 1 AS nonce, s.hmac_inner, s.hmac_outer INTO v_seed;
		IF NOT FOUND THEN
			IF EXISTS (SELECT 1 FROM users AS u WHERE u.id = b.user_id AND u.status <> 1) THEN
				RAISE EXCEPTION 'player % is not active', b.user_id USING ERRCODE = 'KP403';
			END IF;
			DELETE FROM idempotency_keys AS k WHERE k.id = v_key;
			-- A bet the balance cannot cover creates no pair either.
			RETURN QUERY SELECT b.slot,
				CASE WHEN EXISTS (SELECT 1 FROM users AS u WHERE u.id = b.user_id AND u.balance >= v_stake) THEN 'no_pair' ELSE 'short' END,
				NULL::text, NULL::text, NULL::timestamptz, NULL::text, NULL::int, NULL::text,
				NULL::int, NULL::text, NULL::int, NULL::text, NULL::text, NULL::text, NULL::int, NULL::text, NULL::text;
			CONTINUE;
		END IF;
		v_rolled := kp_digit_roll(v_seed.hmac_inner, v_seed.hmac_outer, v_seed.client_seed, v_seed.nonce);
		IF v_rolled IS NULL THEN
			RAISE EXCEPTION 'digit seed % cannot roll', v_seed.id;
		END IF;
		v_win := kp_digit_win(b.bet_type, b.digit, v_rolled, v_stake, p_payout_digit, p_payout_five, p_payout_big_small);

		-- The wallet's row lock (the lock an UPDATE of non-key columns takes, as ledger.ts's), the
		-- check that the balance covers the stake against the committed balance, and the new balance.
		-- Only an active player's wallet: the row lock then holds the status too, against a ban that commits meanwhile.
		UPDATE users AS u SET balance = u.balance - v_stake + v_win, updated_at = now()
		 WHERE u.id = b.user_id AND u.balance >= v_stake AND u.status = 1
		RETURNING u.balance INTO v_after;
		IF NOT FOUND THEN
			IF EXISTS (SELECT 1 FROM users AS u WHERE u.id = b.user_id AND u.status <> 1) THEN
				RAISE EXCEPTION 'player % is not active', b.user_id USING ERRCODE = 'KP403';
			END IF;
			UPDATE digit_seeds AS s SET nonce = s.nonce - 1 WHERE s.id = v_seed.id;
			DELETE FROM idempotency_keys AS k WHERE k.id = v_key;
			RETURN QUERY SELECT b.slot, 'short'::text, NULL::text, NULL::text, NULL::timestamptz, NULL::text, NULL::int, NULL::text,
			                    NULL::int, NULL::text, NULL::int, NULL::text, NULL::text, NULL::text, NULL::int, NULL::text, NULL::text;
			CONTINUE;
		END IF;

		INSERT INTO digit_bets AS r (user_id, seed_id, nonce, client_seed, bet_type, digit, bet_amount, multiplier, stake,
		                             rolled, outcome, win_amount, created_at, balance_after, key_id)
		VALUES (b.user_id, v_seed.id, v_seed.nonce, v_seed.client_seed, b.bet_type, b.digit, b.bet_amount, b.multiplier, v_stake,
		        v_rolled, CASE WHEN v_win > 0 THEN 'win' ELSE 'lose' END, v_win, b.at, v_after, v_key)
		RETURNING r.id INTO v_bet;

		INSERT INTO ledger (user_id, wallet, kind, amount, balance_before, balance_after, reference)
		SELECT b.user_id, 'game', m.kind, m.amount, m.before, m.before + m.amount, 'digit_bet:' || v_bet
		  FROM (VALUES (1, 'digit_bet', -v_stake, v_after + v_stake - v_win), (2, 'digit_win', v_win, v_after - v_win)) AS m(seq, kind, amount, before)
		 WHERE m.amount <> 0
		 ORDER BY m.seq;

		-- A statement of its own: under READ COMMITTED it sees every bet that committed while this
		-- one waited for the seed row's lock.
		RETURN QUERY
		SELECT b.slot, 'placed'::text, v_after::text, r.id::text, r.created_at, r.bet_type, r.digit, r.bet_amount::text, r.multiplier,
		       r.stake::text, r.rolled, r.outcome, r.win_amount::text, r.seed_id::text, r.nonce, r.client_seed, s.server_seed_hash
		  FROM digit_bets AS r JOIN digit_seeds AS s ON s.id = r.seed_id
		 WHERE r.user_id = b.user_id
		 ORDER BY r.id DESC
		 LIMIT 20;
	END LOOP;
END
$$;
