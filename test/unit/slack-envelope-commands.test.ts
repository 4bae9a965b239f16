import { describe, expect, it } from 'vitest';
import { checkedSlashCommands } from '../../src/slack/payloads.js';
import { parseSlackBody } from '../../src/slack/slack-envelope.js';
import { slashCommandFields } from '../support/slash-command-fields.js';

const FORM = 'application/x-www-form-urlencoded';
const command = (fields: Record<string, string> = {}) =>
  Buffer.from(
    new URLSearchParams({ ...slashCommandFields, ...fields }).toString(),
  );

describe('slash commands at the envelope: checked once for the kernel too', () => {
  it('marks a command the kernel can read as checked', () => {
    const parsed = parseSlackBody(FORM, command());
    expect(parsed.kind).toBe('dispatch');
    if (parsed.kind !== 'dispatch') return;
    expect(checkedSlashCommands.has(parsed.body)).toBe(true);
  });

  it('passes a command Bolt can route but the kernel cannot read on unmarked (the kernel acks and logs it)', () => {
    const parsed = parseSlackBody(FORM, command({ response_url: 'not a web address' }));
    expect(parsed.kind).toBe('dispatch');
    if (parsed.kind !== 'dispatch') return;
    expect(checkedSlashCommands.has(parsed.body)).toBe(false);
  });

  it('still refuses what Bolt could not route: a command that does not start with /', () => {
    expect(parseSlackBody(FORM, command({ command: 'talep' })).kind).toBe('malformed');
  });
});
