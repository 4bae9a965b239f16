/**
 * Version 1: the tables of the embedded store's document, one per store. Keys are the Slack ids the
 * lowdb document joins with ':' kept as separate columns; instants are timestamptz (UTC in and out).
 */
export const version = 1;
export const name = 'stores';
export const sql = `
CREATE TABLE accounts (
  team_id text NOT NULL,
  slack_user_id text NOT NULL,
  sealed_token text NOT NULL,
  helpdesk_user_id integer NOT NULL,
  username text NOT NULL,
  email text NOT NULL,
  role text NOT NULL CHECK (role IN ('admin', 'agent', 'user')),
  linked_at timestamptz NOT NULL,
  verified_at timestamptz NOT NULL,
  rejected_at timestamptz,
  PRIMARY KEY (team_id, slack_user_id)
);

CREATE TABLE directory (
  team_id text NOT NULL,
  slack_user_id text NOT NULL,
  helpdesk_user_id integer NOT NULL,
  username text NOT NULL,
  email text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (team_id, slack_user_id)
);

CREATE TABLE message_taleps (
  team_id text NOT NULL,
  channel_id text NOT NULL,
  message_ts text NOT NULL,
  talep_id integer,
  job_key text,
  created_by text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (team_id, channel_id, message_ts)
);
CREATE INDEX message_taleps_talep ON message_taleps (talep_id) WHERE talep_id IS NOT NULL;

CREATE TABLE rules (
  team_id text NOT NULL,
  rule_id integer NOT NULL,
  -- Registration order (the registry lists rules in the order they were added).
  added bigserial NOT NULL,
  PRIMARY KEY (team_id, rule_id)
);

CREATE TABLE rule_changes (
  id bigserial PRIMARY KEY,
  team_id text NOT NULL,
  rule_id integer NOT NULL,
  change text NOT NULL CHECK (change IN ('added', 'removed', 'enabled', 'disabled')),
  by_user text NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX rule_changes_team ON rule_changes (team_id, id);

CREATE TABLE idempotency_keys (
  key text PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('in-flight', 'done')),
  kind text NOT NULL,
  actor text NOT NULL,
  reserved_at timestamptz NOT NULL,
  completed_at timestamptz,
  result jsonb,
  expires_at timestamptz NOT NULL
);
CREATE INDEX idempotency_keys_expiry ON idempotency_keys (expires_at);

CREATE TABLE reminders (
  team_id text NOT NULL,
  user_id text NOT NULL,
  scheduled_message_id text NOT NULL,
  channel_id text NOT NULL,
  talep_id integer NOT NULL,
  subject text NOT NULL,
  post_at timestamptz NOT NULL,
  created_at timestamptz NOT NULL,
  PRIMARY KEY (team_id, user_id, scheduled_message_id)
);

CREATE TABLE channel_settings (
  team_id text NOT NULL,
  channel_id text NOT NULL,
  unfurl text NOT NULL,
  changed_by text NOT NULL,
  changed_at timestamptz NOT NULL,
  PRIMARY KEY (team_id, channel_id)
);

-- The lock-out guard's snapshot (validated by the guard on load): one row.
CREATE TABLE guard_memory (
  id smallint PRIMARY KEY CHECK (id = 1),
  snapshot jsonb NOT NULL,
  saved_at timestamptz NOT NULL
);
`;
