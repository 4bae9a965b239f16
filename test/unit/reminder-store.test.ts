import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { openStores } from '../../src/store/index.js';

const at = (iso: string) => new Date(iso);

describe('ReminderStore', () => {
  it('lists a person’s upcoming reminders soonest first, drops the past ones, and removes one', async () => {
    const { reminders } = await openStores(undefined, randomBytes(32));
    const base = { channelId: 'DU1', subject: 'Printer', createdAt: at('2026-11-23T10:00:00Z') };
    await reminders.add('T1', 'U1', { ...base, scheduledMessageId: 'Q2', talepId: 2, postAt: at('2026-11-25T06:00:00Z') });
    await reminders.add('T1', 'U1', { ...base, scheduledMessageId: 'Q1', talepId: 1, postAt: at('2026-11-24T06:00:00Z') });
    await reminders.add('T1', 'U1', { ...base, scheduledMessageId: 'Q0', talepId: 9, postAt: at('2026-11-23T09:00:00Z') });
    await reminders.add('T1', 'U2', { ...base, scheduledMessageId: 'Q9', talepId: 3, postAt: at('2026-11-26T06:00:00Z') });

    const now = at('2026-11-23T12:00:00Z');
    expect((await reminders.upcoming('T1', 'U1', now)).map((r) => r.scheduledMessageId)).toEqual(['Q1', 'Q2']);
    expect(await reminders.remove('T1', 'U1', 'Q9')).toBeUndefined(); // someone else's
    expect((await reminders.remove('T1', 'U1', 'Q1'))?.talepId).toBe(1);
    expect((await reminders.upcoming('T1', 'U1', now)).map((r) => r.scheduledMessageId)).toEqual(['Q2']);
    expect((await reminders.upcoming('T1', 'U2', now)).map((r) => r.scheduledMessageId)).toEqual(['Q9']);
  });
});
