/**
 * Where languages are kept: each person's choice (`/talep language`), and a channel's language beside its
 * other settings (link previews, request-channel settings), none of which a language change may lose.
 * And the order a person's language is found in: their choice, their Slack language, the workspace default.
 */
import { randomBytes } from 'node:crypto';
import { afterEach, describe, expect, it, test, vi } from 'vitest';
import { channelLocale, lookUpWordsEarly, personLocale } from '../../src/slack/locale.js';
import type { Services } from '../../src/slack/services.js';
import { cachedSlackProfile, forgetSlackProfile } from '../../src/slack/profiles.js';
import type { ChannelRequests } from '../../src/store/channel-settings-store.js';
import { openStores } from '../../src/store/index.js';
import { dropTestSchemas } from '../support/postgres.js';
import { storeBackends, storesOn } from '../support/store-backends.js';

const quiet = { warn: () => undefined, debug: () => undefined, info: () => undefined, error: () => undefined };

describe.each(storeBackends)('the language store: $name', (backend) => {
  afterEach(dropTestSchemas);
  const it = test.skipIf(backend.unavailable !== undefined);

  it('keeps, replaces and forgets a person’s choice', async () => {
    const { languages } = await storesOn(await backend.open(), randomBytes(32));
    expect(await languages.get('T1', 'U1')).toBeUndefined();
    await languages.set('T1', 'U1', 'tr');
    await languages.set('T1', 'U2', 'en');
    expect(await languages.get('T1', 'U1')).toBe('tr');
    await languages.set('T1', 'U1', undefined);
    expect(await languages.get('T1', 'U1')).toBeUndefined();
    expect(await languages.get('T1', 'U2')).toBe('en');
    expect(await languages.get('T2', 'U2')).toBeUndefined();
  });

  it('keeps a channel’s language beside its previews and request settings, each change keeping the others', async () => {
    const { channelSettings } = await storesOn(await backend.open(), randomBytes(32));
    await channelSettings.setLanguage('T1', 'C1', 'tr', 'T1:U1');
    expect(await channelSettings.get('T1', 'C1')).toMatchObject({ language: 'tr', unfurl: 'summary' });
    await channelSettings.setUnfurl('T1', 'C1', 'off', 'T1:U1');
    const requests: ChannelRequests = { mode: 'off', emoji: 'ticket', sync: true };
    await channelSettings.setRequests('T1', 'C1', requests, 'T1:U1');
    expect(await channelSettings.get('T1', 'C1')).toMatchObject({ language: 'tr', unfurl: 'off', requests });
    await channelSettings.setLanguage('T1', 'C1', undefined, 'T1:U1');
    const after = await channelSettings.get('T1', 'C1');
    expect(after?.language).toBeUndefined();
    expect(after).toMatchObject({ unfurl: 'off', requests });
  });
});

describe('which language', () => {
  const servicesWith = async (defaultLanguage?: 'en' | 'tr') =>
    ({ stores: await openStores(undefined, randomBytes(32)), logger: quiet, ...(defaultLanguage ? { defaultLanguage } : {}) }) as unknown as Services;
  const slackSaying = (locale: string | undefined) =>
    ({ users: { info: async () => ({ ok: true, user: { id: 'U9', ...(locale ? { locale } : {}) } }) } }) as never;

  it('a person: their choice, else their Slack language, else the workspace default', async () => {
    const services = await servicesWith('tr');
    const who = { teamId: 'T1', userId: 'U9' };
    forgetSlackProfile('U9');
    expect(await personLocale({ services, client: slackSaying('en-GB'), who })).toEqual({ locale: 'en', source: 'slack' });
    forgetSlackProfile('U9');
    expect(await personLocale({ services, client: slackSaying('de-DE'), who })).toEqual({ locale: 'tr', source: 'default' });
    await services.stores.languages.set('T1', 'U9', 'en');
    expect(await personLocale({ services, client: slackSaying('tr-TR'), who })).toEqual({ locale: 'en', source: 'chosen' });
    forgetSlackProfile('U9');
  });

  it('a person whose Slack profile cannot be read gets the workspace default, without an error', async () => {
    const services = await servicesWith();
    forgetSlackProfile('U8');
    const failing = { users: { info: async () => Promise.reject(new Error('user_not_found')) } } as never;
    expect(await personLocale({ services, client: failing, who: { teamId: 'T1', userId: 'U8' } })).toEqual({ locale: 'en', source: 'default' });
  });

  it('an ack starts the Slack look-up only for a person whose language only Slack can tell, once, and the work then finds it cached', async () => {
    const services = await servicesWith();
    const asked: string[] = [];
    let answer: (() => void) | undefined;
    const slow = {
      users: {
        info: async ({ user }: { user: string }) => {
          asked.push(user);
          await new Promise<void>((resolve) => (answer = resolve));
          return { ok: true, user: { id: user, locale: 'tr-TR' } };
        },
      },
    } as never;
    for (const userId of ['U5', 'U6']) forgetSlackProfile(userId);
    await services.stores.languages.set('T1', 'U6', 'en');
    // Two acks of one unknown person and one of a person with a stored choice: one users.info.
    lookUpWordsEarly({ services, client: slow, who: { teamId: 'T1', userId: 'U5' } });
    lookUpWordsEarly({ services, client: slow, who: { teamId: 'T1', userId: 'U5' } });
    lookUpWordsEarly({ services, client: slow, who: { teamId: 'T1', userId: 'U6' } });
    await vi.waitFor(() => expect(asked).toEqual(['U5']));
    // The ack did not wait for it; the work joins the look-up on the way, not a second one.
    const work = personLocale({ services, client: slow, who: { teamId: 'T1', userId: 'U5' } });
    answer?.();
    expect(await work).toEqual({ locale: 'tr', source: 'slack' });
    expect(asked).toEqual(['U5']);
    expect(cachedSlackProfile('U5')?.locale).toBe('tr-TR');
    // Known now (cached): a later ack asks nothing.
    lookUpWordsEarly({ services, client: slow, who: { teamId: 'T1', userId: 'U5' } });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(asked).toEqual(['U5']);
    forgetSlackProfile('U5');
  });

  it('an early look-up that fails is not an error: the work asks again', async () => {
    const services = await servicesWith();
    forgetSlackProfile('U7');
    let calls = 0;
    const failingOnce = {
      users: {
        info: async () => {
          calls++;
          if (calls === 1) throw new Error('ratelimited');
          return { ok: true, user: { id: 'U7', locale: 'tr-TR' } };
        },
      },
    } as never;
    lookUpWordsEarly({ services, client: failingOnce, who: { teamId: 'T1', userId: 'U7' } });
    await vi.waitFor(() => expect(calls).toBe(1));
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(await personLocale({ services, client: failingOnce, who: { teamId: 'T1', userId: 'U7' } })).toEqual({ locale: 'tr', source: 'slack' });
    expect(calls).toBe(2);
    forgetSlackProfile('U7');
  });

  it('a channel: its setting, else the workspace default (never the poster’s language)', async () => {
    const services = await servicesWith('tr');
    expect(await channelLocale(services, 'T1', 'C1')).toEqual({ locale: 'tr', source: 'default' });
    await services.stores.channelSettings.setLanguage('T1', 'C1', 'en', 'T1:U1');
    expect(await channelLocale(services, 'T1', 'C1')).toEqual({ locale: 'en', source: 'chosen' });
  });
});
