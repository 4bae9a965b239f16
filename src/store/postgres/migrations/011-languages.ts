/**
 * Version 11: languages (issue 18): the language each person chose (`/talep language`), and a channel's
 * language beside its other settings (`/talep language channel`).
 */
export const version = 11;
export const name = 'languages';
export const sql = `
CREATE TABLE languages (
  team_id text NOT NULL,
  user_id text NOT NULL,
  language text NOT NULL CHECK (language IN ('en', 'tr')),
  at timestamptz NOT NULL,
  PRIMARY KEY (team_id, user_id)
);

ALTER TABLE channel_settings ADD COLUMN language text CHECK (language IN ('en', 'tr'));
`;
