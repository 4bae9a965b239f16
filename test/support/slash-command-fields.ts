/** The form fields of a well-formed `/talep` command, as Slack sends them (envelope and payload tests). */
export const slashCommandFields = {
  command: '/talep',
  text: 'show 1',
  team_id: 'T1',
  user_id: 'U1',
  channel_id: 'C1',
  response_url: 'https://hooks.slack.com/commands/T1/1/x',
  trigger_id: '1.2.3',
} as const;
