/**
 * Version 3: what thread sync and request channels keep (issue 15): a channel's requests settings,
 * Slack events handled (by event id), threads linked to taleps with what their sync remembers, replies
 * that became comments, replies held for people without a link, each person's last category.
 */
export const version = 3;
export const name = 'conversations';
export const sql = `
ALTER TABLE channel_settings ADD COLUMN requests jsonb;

CREATE TABLE seen_events (
  event_id text PRIMARY KEY,
  at timestamptz NOT NULL
);
CREATE INDEX seen_events_at ON seen_events (at);

CREATE TABLE thread_links (
  team_id text NOT NULL,
  channel_id text NOT NULL,
  thread_ts text NOT NULL,
  talep_id integer NOT NULL,
  linked_by text NOT NULL,
  at timestamptz NOT NULL,
  known_comments integer[] NOT NULL DEFAULT '{}',
  closed boolean NOT NULL DEFAULT false,
  -- NULL: the talep's files were not read yet.
  known_files integer[],
  PRIMARY KEY (team_id, channel_id, thread_ts)
);
CREATE INDEX thread_links_talep ON thread_links (talep_id);

CREATE TABLE thread_replies (
  team_id text NOT NULL,
  channel_id text NOT NULL,
  ts text NOT NULL,
  talep_id integer NOT NULL,
  comment_id integer,
  by_user text NOT NULL,
  at timestamptz NOT NULL,
  PRIMARY KEY (team_id, channel_id, ts)
);
CREATE INDEX thread_replies_at ON thread_replies (at);

CREATE TABLE held_replies (
  id text PRIMARY KEY,
  team_id text NOT NULL,
  user_id text NOT NULL,
  channel_id text NOT NULL,
  thread_ts text NOT NULL,
  ts text NOT NULL,
  talep_id integer NOT NULL,
  body text NOT NULL,
  files jsonb NOT NULL,
  at timestamptz NOT NULL
);
CREATE INDEX held_replies_at ON held_replies (at);

CREATE TABLE last_categories (
  team_id text NOT NULL,
  user_id text NOT NULL,
  category_id integer NOT NULL,
  PRIMARY KEY (team_id, user_id)
);
`;
