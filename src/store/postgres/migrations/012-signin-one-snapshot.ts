/**
 * Version 12: the shared sign-in claim counts failures and calls in flight in one statement.
 *
 * Version 10 counted them in two statements. Under READ COMMITTED each statement of the function sees
 * its own snapshot, so an instance marking its call `failed` (outside the scope's lock: the outcome
 * arrives later) could commit between the two: the row was then neither a failure (first count, still
 * in flight) nor in flight (second count, failed), and a third unverified sign-in could be claimed —
 * the help desk's IP lock-out (test/unit/cluster-sign-ins.test.ts caught it about one run in four).
 * Counted from one snapshot, every attempt is counted exactly once, as one or the other.
 */
export const version = 12;
export const name = 'signin-one-snapshot';
export const sql = `
CREATE OR REPLACE FUNCTION talep_claim_signin(
  p_scope text, p_credential text, p_presenter text, p_new_credential boolean,
  p_max_failures int, p_reserve int, p_window_ms double precision, p_stale_ms double precision, p_instance text)
RETURNS TABLE (outcome text, retry_after_ms double precision, attempt_id bigint) LANGUAGE plpgsql AS $$
DECLARE
  v_now double precision;
  v_failures double precision[];
  v_in_flight int;
  v_newcomer boolean := false;
  v_budget int;
  v_blocked double precision;
  v_id bigint;
BEGIN
  PERFORM pg_advisory_xact_lock(500201, hashtext('signin ' || p_scope));
  v_now := talep_now_ms();
  DELETE FROM signin_attempts WHERE scope = p_scope AND at <= v_now - p_window_ms;
  IF EXISTS (SELECT 1 FROM signin_rejected WHERE scope = p_scope AND credential = p_credential) THEN
    RETURN QUERY SELECT 'rejected'::text, 0::double precision, NULL::bigint;
    RETURN;
  END IF;
  -- One statement, one snapshot: a row settling meanwhile is counted once, as a failure or in flight.
  SELECT coalesce(array_agg(a.at ORDER BY a.at) FILTER (WHERE a.state = 'failed' OR a.at <= v_now - p_stale_ms), '{}'),
         count(*) FILTER (WHERE a.state = 'in-flight' AND a.at > v_now - p_stale_ms)
    INTO v_failures, v_in_flight
    FROM signin_attempts a WHERE a.scope = p_scope;
  IF p_new_credential AND p_reserve > 0 THEN
    v_newcomer := NOT EXISTS (
      SELECT 1 FROM signin_attempts a WHERE a.scope = p_scope
        AND (a.state = 'failed' OR a.at <= v_now - p_stale_ms) AND (a.presenter = p_presenter OR a.credential = p_credential))
      AND NOT EXISTS (
      SELECT 1 FROM signin_attempts a WHERE a.scope = p_scope AND a.state = 'in-flight' AND a.newcomer AND a.presenter = p_presenter);
  END IF;
  v_budget := CASE WHEN v_newcomer THEN p_max_failures ELSE p_max_failures - p_reserve END;
  SELECT until INTO v_blocked FROM signin_blocks WHERE scope = p_scope;
  IF coalesce(array_length(v_failures, 1), 0) >= v_budget THEN
    RETURN QUERY SELECT 'paused'::text,
      greatest(v_failures[array_length(v_failures, 1) - v_budget + 1] + p_window_ms, coalesce(v_blocked, 0)) - v_now, NULL::bigint;
    RETURN;
  END IF;
  IF v_blocked IS NOT NULL AND v_blocked > v_now THEN
    RETURN QUERY SELECT 'wait'::text, v_blocked - v_now, NULL::bigint;
    RETURN;
  END IF;
  IF coalesce(array_length(v_failures, 1), 0) + v_in_flight >= v_budget THEN
    RETURN QUERY SELECT 'wait'::text, 0::double precision, NULL::bigint;
    RETURN;
  END IF;
  INSERT INTO signin_attempts (scope, state, at, credential, presenter, newcomer, instance)
    VALUES (p_scope, 'in-flight', v_now, p_credential, p_presenter, v_newcomer, p_instance) RETURNING id INTO v_id;
  RETURN QUERY SELECT 'claimed'::text, 0::double precision, v_id;
END
$$;
`;
