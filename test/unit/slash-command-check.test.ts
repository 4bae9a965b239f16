import { describe, expect, it } from 'vitest';
import { isReadableSlashCommand, slashCommandPayload } from '../../src/slack/payloads.js';
import { slashCommandFields } from '../support/slash-command-fields.js';

const good = slashCommandFields;

/** Values each field is tried with: Slack's own shapes, the limits, and what a forged body may hold. */
const variants: Record<keyof typeof good, unknown[]> = {
  command: ['/talep', '/t', 'talep', '', '/' + 'x'.repeat(63), '/' + 'x'.repeat(64), 7, undefined],
  text: ['', 'show 1', 'ş'.repeat(40_000), 'x'.repeat(40_001), undefined, 1, null],
  team_id: ['T1', 'E0-ABC_9', '', 'T 1', 'x'.repeat(64), 'x'.repeat(65), 'T1\n', undefined, 5],
  user_id: ['U1', 'U$1', '', undefined, ['U1']],
  channel_id: ['C1', 'D0X', 'C-1', 'C.1', undefined],
  response_url: [
    'https://hooks.slack.com/commands/T1/1/x',
    'http://127.0.0.1:4000/r/1?x=1#y',
    'http://[::1]:80/x',
    'HTTPS://HOOKS.SLACK.COM/x',
    'ftp://hooks.slack.com/x',
    'https://hooks.slack.com/a b',
    'https://' + 'x'.repeat(993),
    'https://' + 'x'.repeat(992),
    'not a web address',
    '',
    undefined,
  ],
  trigger_id: ['1.2.3', '', 'x'.repeat(255), 'x'.repeat(256), undefined, 3],
};

describe('the slash command’s quick check agrees with its schema', () => {
  it('never passes what the schema refuses, and passes what Slack sends', () => {
    let tried = 0;
    let passedBoth = 0;
    for (const [field, values] of Object.entries(variants)) {
      for (const value of values) {
        const fields: Record<string, unknown> = { ...good, [field]: value };
        if (value === undefined) delete fields[field];
        const quick = isReadableSlashCommand(fields);
        const schema = slashCommandPayload.safeParse(fields).success;
        // The quick check may only be stricter (the schema then decides); here it is exactly as strict.
        expect({ field, value, quick }).toEqual({ field, value, quick: schema });
        tried++;
        if (quick) passedBoth++;
      }
    }
    expect(tried).toBeGreaterThan(50);
    expect(passedBoth).toBeGreaterThan(20);
  });

  it('reads a body without a prototype, as the form parser makes it', () => {
    const fields = Object.assign(Object.create(null) as Record<string, unknown>, good, { user_name: 'ayse', api_app_id: 'A1' });
    expect(isReadableSlashCommand(fields)).toBe(true);
    expect(slashCommandPayload.safeParse(fields).success).toBe(true);
  });
});
