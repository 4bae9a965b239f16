import { describe, expect, it } from 'vitest';
import { checkMessage } from '../../src/slack/block-kit-limits.js';
import type { Stats } from '../../src/api/schemas.js';
import { inProgressCount, statsMessage } from '../../src/views/stats/stats.js';

const overall: Stats = { TotalTaleps: 40, Closed: 15, NewTaleps: 10, Unassigned: 6, HandledByMe: 9 };
const mine: Stats = { TotalTaleps: 12, Closed: 4, NewTaleps: 3, Unassigned: 1, HandledByMe: 7 };

const fieldTexts = (message: ReturnType<typeof statsMessage>) =>
  (message.blocks ?? []).flatMap((block) => (block.type === 'section' && block.fields ? [block.fields.map((field) => field.text)] : []));

describe('statsMessage', () => {
  it('shows agents the whole help desk and their own numbers', () => {
    const message = statsMessage({ overall, mine });
    const [all, own] = fieldTexts(message);
    expect(all).toEqual([
      '*Total*\n40', '*New*\n10', '*In progress*\n15', '*Closed*\n15', '*Open and unassigned*\n6', '*Assigned to you*\n9',
    ]);
    expect(own).toEqual([
      '*Total*\n12', '*New*\n3', '*In progress*\n5', '*Closed*\n4', '*Open and unassigned*\n1', '*Assigned to you*\n7',
    ]);
    expect(JSON.stringify(message.blocks)).toContain('Whole help desk');
    expect(message.text).toBe('Help desk: 40 total, 10 new, 15 in progress, 15 closed. Yours: 12 total, 3 new, 5 in progress, 4 closed.');
  });

  it('shows regular users only their own taleps, without "assigned to you"', () => {
    const message = statsMessage({ mine });
    const sections = fieldTexts(message);
    expect(sections).toHaveLength(1);
    expect(sections[0]).toEqual(['*Total*\n12', '*New*\n3', '*In progress*\n5', '*Closed*\n4', '*Open and unassigned*\n1']);
    expect(JSON.stringify(message.blocks)).not.toContain('Whole help desk');
    expect(message.text).toBe('Your taleps: 12 total, 3 new, 5 in progress, 4 closed.');
  });

  it('never reports a negative in-progress count', () => {
    expect(inProgressCount({ ...mine, TotalTaleps: 2, NewTaleps: 2, Closed: 1 })).toBe(0);
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits', () => {
  it('keeps the stats within the limits, for agents and users, with huge counts', () => {
    const huge: Stats = { TotalTaleps: 2_000_000_000, Closed: 1_999_999_999, NewTaleps: 1, Unassigned: 2_000_000_000, HandledByMe: 2_000_000_000 };
    expect(checkMessage(statsMessage({ overall: huge, mine: huge }))).toEqual([]);
    expect(checkMessage(statsMessage({ mine }))).toEqual([]);
  });
});
