import { describe, expect, it } from 'vitest';
import type { Parsed } from '../../src/domain/parsed.js';
import { problemOf } from '../support/parse-problems.js';
import { cardSurfaceOf, talepIdOfButton } from '../../src/commands/talep-card/public.js';
import { parseTalepId as parseShowArgs } from '../../src/slack/args.js';
import type { Surface } from '../../src/slack/surface.js';
import { slackTextToPlain } from '../../src/domain/slack-text.js';
import { parseAssignArgs, parseCloseArgs, parseDueArgs, parsePriorityArgs, parseStatusArgs } from '../../src/commands/talep-work/args.js';
import { closedNotice, dueNotice, priorityNotice, statusNotice } from '../../src/views/talep-work/notices.js';

const value = <T>(parsed: Parsed<T>): T => {
  if (!parsed.ok) throw new Error(`expected ok, got: ${problemOf(parsed)}`);
  return parsed.value;
};
const error = (parsed: Parsed<unknown>): string => problemOf(parsed);

describe('parseShowArgs', () => {
  it('takes an id with or without #', () => {
    expect(value(parseShowArgs('12'))).toBe(12);
    expect(value(parseShowArgs(' #7 '))).toBe(7);
    expect(error(parseShowArgs('printer'))).toContain('talep id');
    expect(error(parseShowArgs(''))).toContain('nothing');
  });
});

describe('slackTextToPlain', () => {
  it('turns Slack markup back into what was typed', () => {
    expect(slackTextToPlain('ask <@U1|ali> in <#C1|general>')).toBe('ask @ali in #general');
    expect(slackTextToPlain('<@U1>')).toBe('@U1');
    expect(slackTextToPlain('see <https://x.example/a|the doc> or <https://x.example/b>')).toBe('see the doc (https://x.example/a) or https://x.example/b');
    expect(slackTextToPlain('<mailto:a@b.example|a@b.example>')).toBe('a@b.example');
    expect(slackTextToPlain('<!here> <!subteam^S1|@ops> <!subteam^S2>')).toBe('@here @ops @team');
    expect(slackTextToPlain('1 &lt; 2 &amp;&amp; 3 &gt; 2')).toBe('1 < 2 && 3 > 2');
  });
});

describe('parseCloseArgs', () => {
  it('takes only an id', () => {
    expect(value(parseCloseArgs('8'))).toBe(8);
    expect(error(parseCloseArgs('8 now please'))).toContain('only a talep id');
  });
});

describe('parseAssignArgs', () => {
  it('reads mentions, me and none', () => {
    expect(value(parseAssignArgs('3 <@U123|ali>'))).toEqual({ talepId: 3, assignee: { kind: 'slack', userId: 'U123' } });
    expect(value(parseAssignArgs('3 me'))).toEqual({ talepId: 3, assignee: { kind: 'me' } });
    expect(value(parseAssignArgs('3 none'))).toEqual({ talepId: 3, assignee: { kind: 'none' } });
  });

  it('asks who when the assignee is missing or not a mention', () => {
    expect(error(parseAssignArgs('3'))).toContain('Who should take it');
    expect(error(parseAssignArgs('3 ali'))).toContain('@someone');
  });
});

describe('parseStatusArgs / parsePriorityArgs', () => {
  it('read the names and their aliases', () => {
    expect(value(parseStatusArgs('1 progress'))).toEqual({ talepId: 1, status: 'progress' });
    expect(value(parseStatusArgs('1 Done'))).toEqual({ talepId: 1, status: 'closed' });
    expect(value(parsePriorityArgs('1 CRITICAL'))).toEqual({ talepId: 1, priority: 'critical' });
  });

  it('explain what they expected', () => {
    expect(error(parseStatusArgs('1 maybe'))).toContain('`new`, `progress` or `closed`');
    expect(error(parsePriorityArgs('1'))).toContain('`low`, `normal`, `high` or `critical`');
    expect(error(parsePriorityArgs('x high'))).toContain('talep id');
  });
});

describe('parseDueArgs', () => {
  it('checks the date syntax and keeps the text for the user’s zone', () => {
    expect(value(parseDueArgs('6 tomorrow'))).toEqual({ talepId: 6, due: 'tomorrow' });
    expect(value(parseDueArgs('6 2026-12-01 17:00'))).toEqual({ talepId: 6, due: '2026-12-01 17:00' });
    expect(value(parseDueArgs('6 none'))).toEqual({ talepId: 6, due: 'none' });
    expect(error(parseDueArgs('6 someday'))).toContain('Expected a date');
    expect(error(parseDueArgs('6 2026-02-30'))).toContain('not a calendar date');
  });
});

describe('card action helpers', () => {
  it('read the talep id of a button', () => {
    expect(talepIdOfButton({ value: '12' })).toBe(12);
    expect(talepIdOfButton({ value: 'x' })).toBeUndefined();
    expect(talepIdOfButton({})).toBeUndefined();
    expect(talepIdOfButton(null)).toBeUndefined();
  });

  it('tell an ephemeral card from one in the app DM', () => {
    const surface = (kind: Surface['kind']): Surface => ({ kind, send: async () => undefined, replace: async () => undefined });
    expect(cardSurfaceOf({ container: 'ephemeral', surface: surface('respond') })).toBe('ephemeral');
    expect(cardSurfaceOf({ container: 'message', surface: surface('respond') })).toBe('direct');
    expect(cardSurfaceOf({ container: 'home', surface: surface('dm') })).toBe('direct');
    expect(cardSurfaceOf({ container: 'modal', surface: surface('dm') })).toBe('direct');
    expect(cardSurfaceOf({ container: 'unknown', surface: surface('ephemeral') })).toBe('ephemeral');
    // Nowhere else to answer than the Messages tab: a lasting card.
    expect(cardSurfaceOf({ container: 'unknown', surface: surface('dm') })).toBe('direct');
  });
});

describe('notices', () => {
  it('say what changed', () => {
    expect(statusNotice(3, 2)).toBe(':white_check_mark: Status of #3 set to *In progress*.');
    expect(priorityNotice(3, -1)).toBe(':white_check_mark: Priority of #3 set to *Low*.');
    expect(closedNotice(3, true)).toBe(':white_check_mark: Talep #3 closed. Nobody was notified.');
    expect(closedNotice(3, false)).toBe(':white_check_mark: Talep #3 closed.');
    expect(dueNotice(3, null)).toBe(':calendar: Due date of #3 removed.');
    expect(dueNotice(3, new Date('2026-12-01T20:59:59Z'))).toContain('<!date^1796158799^');
  });
});
