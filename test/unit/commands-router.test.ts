import { describe, expect, it, vi } from 'vitest';
import { fail, ok, parseTalepId } from '../../src/commands/args.js';
import { SubcommandRouter } from '../../src/commands/router.js';
import { helpMessage } from '../../src/views/help.js';
import { checkMessage } from '../../src/slack/block-kit-limits.js';
import { longText, many } from './block-kit-fixtures.js';

function router() {
  const r = new SubcommandRouter();
  const run = vi.fn(async () => undefined);
  r.add({ name: 'show', aliases: ['view'], usage: 'show <id>', summary: 'Show a talep', group: 'Taleps', audience: 'everyone', parse: (text) => parseTalepId(text), run });
  r.add({ name: 'rules', usage: 'rules', summary: 'Automation rules', group: 'Admin', audience: 'admin', parse: () => ok(undefined), run });
  return { r, run };
}

describe('SubcommandRouter.resolve', () => {
  it('finds a sub-command by name or alias, case-insensitively, and parses its arguments', () => {
    const { r } = router();
    const resolved = r.resolve('VIEW #42');
    expect('command' in resolved && resolved.command.name).toBe('show');
    expect('args' in resolved && resolved.args).toEqual({ ok: true, value: 42 });
  });

  it('gives help for nothing, "help" and unknown words', () => {
    const { r } = router();
    expect(r.resolve('')).toEqual({ help: true });
    expect(r.resolve('help')).toEqual({ help: true });
    expect(r.resolve('frobnicate 1')).toEqual({ help: true, unknown: 'frobnicate' });
  });

  it('reports parse errors', () => {
    const { r } = router();
    const resolved = r.resolve('show twelve');
    expect('args' in resolved && resolved.args.ok).toBe(false);
  });

  it('refuses a name registered twice', () => {
    const { r } = router();
    expect(() =>
      r.add({ name: 'view', usage: 'view', summary: '', group: 'x', audience: 'everyone', parse: () => fail('x'), run: async () => undefined }),
    ).toThrow(/registered twice/);
  });
});

describe('helpMessage', () => {
  it('groups entries, marks audiences and names an unknown word', () => {
    const { r } = router();
    const message = helpMessage(r.entries, 'frob<nicate>');
    const text = JSON.stringify(message.blocks);
    expect(text).toContain('/talep show &lt;id&gt;');
    expect(text).toContain('*Taleps*');
    expect(text).toContain('_(admins)_');
    expect(text).toContain('frob&lt;nicate&gt;');
    expect(message.text).toContain('Unknown sub-command');
  });
});

describe('helpMessage within Block Kit limits', () => {
  it('passes the limits with 40 groups of long entries and a long unknown word', () => {
    const entries = many(400, (i) => ({ usage: longText(100), summary: longText(300), group: `Group ${i % 40}`, audience: (['everyone', 'agent', 'admin'] as const)[i % 3]! }));
    expect(checkMessage(helpMessage(entries, longText(5000)))).toEqual([]);
  });
});
