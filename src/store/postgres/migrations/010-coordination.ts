/**
 * Version 10: what instances share for coordination, beside the stores: the help-desk send ledger and
 * its 429 pauses (src/cluster/budget-ledger.ts), the lock-out guard's shared sign-in slots, refused
 * credentials and suspected block (src/cluster/sign-in-ledger.ts), and Slack delivery claims
 * (src/cluster/deliveries.ts). Times are milliseconds of the database's clock (`clock_timestamp()`),
 * so instances whose clocks differ still count one window. Each decision that must be atomic across
 * instances is one PL/pgSQL function that first takes a transaction advisory lock on its scope: one
 * round trip, and no two instances decide on the same window at once.
 *
 * (Numbered 10 so the store migrations keep 3–9 for themselves; versions only need to be unique.)
 */
export const version = 10;
export const name = 'coordination';
export const sql = `
CREATE TABLE IF NOT EXISTS helpdesk_sends (
  id bigserial PRIMARY KEY,
  scope text NOT NULL,
  budget text NOT NULL,
  at double precision NOT NULL,
  instance text NOT NULL
);
CREATE INDEX IF NOT EXISTS helpdesk_sends_window ON helpdesk_sends (scope, budget, at DESC);
CREATE INDEX IF NOT EXISTS helpdesk_sends_age ON helpdesk_sends (scope, at);

CREATE TABLE IF NOT EXISTS helpdesk_pauses (
  scope text NOT NULL,
  budget text NOT NULL,
  until double precision NOT NULL,
  PRIMARY KEY (scope, budget)
);

-- Per instance, the next send it waits for (its queue's head): other instances let a better one go first.
CREATE TABLE IF NOT EXISTS helpdesk_wants (
  scope text NOT NULL,
  instance text NOT NULL,
  rank int NOT NULL,
  user_key text NOT NULL,
  until double precision NOT NULL,
  PRIMARY KEY (scope, instance)
);

-- When each person's last send went: at the same priority, whoever was served least recently goes first.
CREATE TABLE IF NOT EXISTS helpdesk_turns (
  scope text NOT NULL,
  user_key text NOT NULL,
  last_at double precision NOT NULL,
  PRIMARY KEY (scope, user_key)
);

CREATE TABLE IF NOT EXISTS signin_attempts (
  id bigserial PRIMARY KEY,
  scope text NOT NULL,
  state text NOT NULL CHECK (state IN ('in-flight', 'failed')),
  at double precision NOT NULL,
  credential text NOT NULL,
  presenter text NOT NULL,
  newcomer boolean NOT NULL,
  instance text NOT NULL
);
CREATE INDEX IF NOT EXISTS signin_attempts_scope ON signin_attempts (scope, at);

CREATE TABLE IF NOT EXISTS signin_rejected (
  scope text NOT NULL,
  credential text NOT NULL,
  at double precision NOT NULL,
  PRIMARY KEY (scope, credential)
);

CREATE TABLE IF NOT EXISTS signin_blocks (
  scope text PRIMARY KEY,
  until double precision NOT NULL
);

CREATE TABLE IF NOT EXISTS slack_deliveries (
  key text PRIMARY KEY,
  instance text NOT NULL,
  claimed_at double precision NOT NULL,
  expires_at double precision NOT NULL,
  acked boolean NOT NULL DEFAULT false,
  ack jsonb
);
CREATE INDEX IF NOT EXISTS slack_deliveries_expiry ON slack_deliveries (expires_at);

CREATE OR REPLACE FUNCTION talep_now_ms() RETURNS double precision LANGUAGE sql VOLATILE AS $$
  SELECT extract(epoch FROM clock_timestamp()) * 1000
$$;

-- One send permit: granted when no pause runs, every window has room (the limit-th most recent send of
-- each window has left it), and no other instance has said it wants the next send for a call that goes
-- first — an interactive one before a background one, and at the same priority the person served
-- least recently (so priorities and turns hold across instances, not only inside each). Else how long
-- to wait, and this instance's own want is written, valid until it will ask again (plus a grace second),
-- so a want of an instance that died or lost interest lapses by itself.
-- Its commit does not wait for the disk (synchronous_commit off for this transaction only): a send row
-- is worth a minute, and waiting for the WAL flush made each permit cost milliseconds. A database crash
-- may forget the last sends before it; every other instance's view stays consistent.
CREATE OR REPLACE FUNCTION talep_take_send(
  p_scope text, p_windows text[], p_limits int[], p_window_ms double precision, p_instance text, p_rank int, p_user text)
RETURNS TABLE (granted boolean, retry_after_ms double precision, permit_ids bigint[]) LANGUAGE plpgsql AS $$
DECLARE
  v_now double precision;
  v_wait double precision := 0;
  v_paused double precision;
  v_at double precision;
  v_my_turn double precision;
  v_ids bigint[] := '{}';
  v_id bigint;
  i int;
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  PERFORM pg_advisory_xact_lock(500201, hashtext('budget ' || p_scope));
  v_now := talep_now_ms();
  SELECT max(until) INTO v_paused FROM helpdesk_pauses WHERE scope = p_scope AND budget = ANY (p_windows);
  IF v_paused IS NOT NULL AND v_paused > v_now THEN v_wait := v_paused - v_now; END IF;
  FOR i IN 1 .. array_length(p_windows, 1) LOOP
    SELECT s.at INTO v_at FROM helpdesk_sends s
      WHERE s.scope = p_scope AND s.budget = p_windows[i] AND s.at > v_now - p_window_ms
      ORDER BY s.at DESC OFFSET p_limits[i] - 1 LIMIT 1;
    IF FOUND THEN v_wait := greatest(v_wait, v_at + p_window_ms - v_now); END IF;
  END LOOP;
  IF v_wait = 0 THEN
    SELECT last_at INTO v_my_turn FROM helpdesk_turns WHERE scope = p_scope AND user_key = p_user;
    IF EXISTS (
      SELECT 1 FROM helpdesk_wants w LEFT JOIN helpdesk_turns t ON t.scope = w.scope AND t.user_key = w.user_key
      WHERE w.scope = p_scope AND w.instance <> p_instance AND w.until > v_now
        AND (w.rank < p_rank OR (w.rank = p_rank AND w.user_key <> p_user AND coalesce(t.last_at, 0) < coalesce(v_my_turn, 0)))
    ) THEN
      v_wait := 25; -- the other instance is about to ask: let it
    END IF;
  END IF;
  IF v_wait > 0 THEN
    INSERT INTO helpdesk_wants (scope, instance, rank, user_key, until) VALUES (p_scope, p_instance, p_rank, p_user, v_now + v_wait + 1000)
      ON CONFLICT (scope, instance) DO UPDATE SET rank = excluded.rank, user_key = excluded.user_key, until = excluded.until;
    RETURN QUERY SELECT false, v_wait, '{}'::bigint[];
    RETURN;
  END IF;
  FOR i IN 1 .. array_length(p_windows, 1) LOOP
    INSERT INTO helpdesk_sends (scope, budget, at, instance) VALUES (p_scope, p_windows[i], v_now, p_instance) RETURNING id INTO v_id;
    v_ids := v_ids || v_id;
  END LOOP;
  -- This instance usually asks again at once for its next call: its want stays for that moment (0.1 s),
  -- so another instance's worse call does not slip in between; with nothing more to send it lapses.
  UPDATE helpdesk_wants SET until = v_now + 100 WHERE scope = p_scope AND instance = p_instance;
  INSERT INTO helpdesk_turns (scope, user_key, last_at) VALUES (p_scope, p_user, v_now)
    ON CONFLICT (scope, user_key) DO UPDATE SET last_at = excluded.last_at;
  DELETE FROM helpdesk_sends WHERE scope = p_scope AND at < v_now - 2 * p_window_ms;
  RETURN QUERY SELECT true, 0::double precision, v_ids;
END
$$;

-- A granted send went on the wire now (it counts from now: only ever later), or never will (its row goes).
CREATE OR REPLACE FUNCTION talep_send_settled(p_ids bigint[], p_sent boolean) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
  PERFORM set_config('synchronous_commit', 'off', true);
  IF p_sent THEN
    UPDATE helpdesk_sends SET at = greatest(at, talep_now_ms()) WHERE id = ANY (p_ids);
  ELSE
    DELETE FROM helpdesk_sends WHERE id = ANY (p_ids);
  END IF;
END
$$;

-- One slot of the lock-out guard's shared failure budget for an unverified call (see
-- src/api/auth-guard.ts): refused credentials never go; failures inside the window (and calls in
-- flight for longer than p_stale_ms, whose instance died) are counted; the newcomer reserve is kept for
-- a first attempt of someone without a recent failure. Answers 'claimed' (with the slot's id),
-- 'rejected', 'paused' (the budget is spent: retry after), or 'wait' (calls in flight or a block).
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
  SELECT coalesce(array_agg(a.at ORDER BY a.at), '{}') INTO v_failures FROM signin_attempts a
    WHERE a.scope = p_scope AND (a.state = 'failed' OR a.at <= v_now - p_stale_ms);
  SELECT count(*) INTO v_in_flight FROM signin_attempts a
    WHERE a.scope = p_scope AND a.state = 'in-flight' AND a.at > v_now - p_stale_ms;
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
