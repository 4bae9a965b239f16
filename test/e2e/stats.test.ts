import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { CONNECT_ACTION } from '../../src/views/kit/notices.js';
import { type Post, slashAnswer } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness();

const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text, { status: true })).post;

/** The field texts of each fields section, in order. */
function fieldSections(posted: Post): string[][] {
  const blocks = (posted.blocks ?? []) as { type: string; fields?: { text: string }[] }[];
  return blocks.filter((block) => block.fields).map((block) => (block.fields ?? []).map((field) => field.text));
}

describe('/talep stats', () => {
  it('shows agents the whole help desk and their own share', async () => {
    const posted = await slash('agent', 'stats');
    expect(posted.response_type).toBe('ephemeral');
    // The seed: 10 taleps; new #1 #5 #6 #8 #9, in progress #2 #3 #7, closed #4 #10; open unassigned #1 #5 #8 #9;
    // the agent handles #2 #4 #6 #7.
    expect(fieldSections(posted)).toEqual([
      ['*Total*\n10', '*New*\n5', '*In progress*\n3', '*Closed*\n2', '*Open and unassigned*\n4', '*Assigned to you*\n4'],
      ['*Total*\n4', '*New*\n1', '*In progress*\n2', '*Closed*\n1', '*Open and unassigned*\n0', '*Assigned to you*\n4'],
    ]);
    expect(JSON.stringify(posted.blocks)).toContain('Whole help desk');
  });

  it('shows regular users only their own taleps', async () => {
    const posted = await slash('user', 'stats');
    // The user's taleps: #1 #9 new, #2 #3 in progress, #4 #10 closed; #1 and #9 unassigned.
    expect(fieldSections(posted)).toEqual([['*Total*\n6', '*New*\n2', '*In progress*\n2', '*Closed*\n2', '*Open and unassigned*\n2']]);
    expect(JSON.stringify(posted.blocks)).not.toContain('Whole help desk');
  });

  it('asks an unlinked user to connect', async () => {
    const posted = await slash('stranger', 'stats');
    expect(JSON.stringify(posted.blocks)).toContain(CONNECT_ACTION);
  });
});
