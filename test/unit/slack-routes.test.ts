import { describe, expect, it } from 'vitest';
import { fail, ok } from '../../src/domain/parsed.js';
import { parseTalepId } from '../../src/slack/args.js';
import { route, Router } from '../../src/slack/routes.js';
import { checkMessage } from '../../src/slack/block-kit-limits.js';
import { helpMessage } from '../../src/views/kit/help.js';
import { longText, many } from './block-kit-fixtures.js';

function router() {
  const r = new Router();
  const run = async () => undefined;
  r.add(route({ path: 'show', aliases: ['view'], usage: 'show <id>', summary: 'Show a talep', group: 'Taleps', audience: 'everyone', parse: (text) => parseTalepId(text), run }));
  r.add(route({ path: 'rules', usage: 'rules', summary: 'Automation rules', group: 'Admin', audience: 'admin', parse: () => ok(undefined), run }));
  r.add(route({ path: 'user edit', aliases: ['user update'], usage: 'user edit <who>', summary: 'Edit a user', group: 'Admin', audience: 'admin', parse: (text) => ok(text), run }));
  r.add(route({ path: 'user find', usage: 'user find <who>', summary: 'Find a user', group: 'Admin', audience: 'agent', parse: (text) => ok(text), run }));
  return r;
}

describe('Router.resolve', () => {
  it('finds a route by path or alias, case-insensitively, and parses its arguments', () => {
    const resolved = router().resolve('VIEW #42');
    expect('route' in resolved && resolved.route.path).toBe('show');
    expect('args' in resolved && resolved.args).toEqual({ ok: true, value: 42 });
  });

  it('resolves nested routes by their longest path and keeps the rest of the text as typed', () => {
    const resolved = router().resolve('User  Update  ali@example.com\nsecond line');
    expect('route' in resolved && resolved.route.path).toBe('user edit');
    expect('args' in resolved && resolved.args).toEqual({ ok: true, value: 'ali@example.com\nsecond line' });
  });

  it('gives help for nothing, "help" and unknown words; a known family with an unknown word gets its own help', () => {
    const r = router();
    expect(r.resolve('')).toEqual({ help: true });
    expect(r.resolve('help')).toEqual({ help: true });
    expect(r.resolve('frobnicate 1')).toEqual({ help: true, unknown: 'frobnicate' });
    expect(r.resolve('user frob x')).toEqual({ help: true, unknown: 'user frob', family: 'user' });
    expect(r.familyEntries('user').map((entry) => entry.usage)).toEqual(['user edit <who>', 'user find <who>']);
  });

  it('reports parse errors', () => {
    const resolved = router().resolve('show twelve');
    expect('args' in resolved && resolved.args.ok).toBe(false);
  });

  it('refuses a path registered twice', () => {
    const r = router();
    expect(() =>
      r.add(route({ path: 'view', usage: 'view', summary: '', group: 'x', audience: 'everyone', parse: () => fail('parse.noArgs'), run: async () => undefined })),
    ).toThrow(/registered twice/);
  });
});

describe('helpMessage', () => {
  it('groups entries, marks audiences and names an unknown word', () => {
    const message = helpMessage(router().entries, 'frob<nicate>');
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
