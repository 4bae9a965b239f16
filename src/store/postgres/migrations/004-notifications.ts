/**
 * Version 4: what help desk → Slack notifications remember (issue 14): channel feeds, the feed card per
 * talep per channel, what each person was last told, notification settings and held digests, the
 * poller's marks and newest-seen times, the once-only reconnect notice, and the keys of what was posted.
 * Structured parts the notifications code owns (filters, snapshots, settings, marks) are jsonb,
 * validated with its schemas when read.
 */
export const version = 4;
export const name = 'notifications';
export const sql = `
CREATE TABLE notify_feeds (
  id serial PRIMARY KEY,
  team_id text NOT NULL,
  channel_id text NOT NULL,
  created_by text NOT NULL,
  filter jsonb NOT NULL,
  created_at timestamptz NOT NULL,
  paused_at timestamptz
);
CREATE INDEX notify_feeds_team ON notify_feeds (team_id, id);

CREATE TABLE notify_cards (
  team_id text NOT NULL,
  channel_id text NOT NULL,
  talep_id integer NOT NULL,
  feed_id integer NOT NULL,
  ts text NOT NULL,
  state jsonb NOT NULL,
  posted_at timestamptz NOT NULL,
  PRIMARY KEY (team_id, channel_id, talep_id)
);
CREATE INDEX notify_cards_talep ON notify_cards (talep_id);

CREATE TABLE notify_personal (
  team_id text NOT NULL,
  user_id text NOT NULL,
  talep_id integer NOT NULL,
  entry jsonb NOT NULL,
  PRIMARY KEY (team_id, user_id, talep_id)
);

CREATE TABLE notify_prefs (
  team_id text NOT NULL,
  user_id text NOT NULL,
  prefs jsonb NOT NULL,
  PRIMARY KEY (team_id, user_id)
);

CREATE TABLE notify_digests (
  id bigserial PRIMARY KEY,
  team_id text NOT NULL,
  user_id text NOT NULL,
  line text NOT NULL
);
CREATE INDEX notify_digests_person ON notify_digests (team_id, user_id, id);

CREATE TABLE poll_marks (
  talep_id integer PRIMARY KEY,
  mark jsonb NOT NULL
);

CREATE TABLE poll_newest (
  scope text PRIMARY KEY,
  at timestamptz NOT NULL
);

CREATE TABLE reconnect_told (
  team_id text NOT NULL,
  user_id text NOT NULL,
  linked_at text NOT NULL,
  PRIMARY KEY (team_id, user_id)
);

CREATE TABLE notify_sent (
  key text PRIMARY KEY,
  at timestamptz NOT NULL
);
CREATE INDEX notify_sent_at ON notify_sent (at);
`;
