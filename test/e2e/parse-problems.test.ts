/**
 * What the argument parsers say is wrong, in the person's language: a Turkish Slack user (users.info
 * `tr-TR`) gets the Turkish sentence above the usage line, everyone else the English one — for problems
 * the kernel shows before a route runs and for those a route finds when it runs (a reminder time that
 * has passed in the person's zone).
 */
import { describe, expect, it } from 'vitest';
import { forgetSlackProfile } from '../../src/slack/profiles.js';
import { slashAnswer } from '../support/e2e.js';
import { type Person, people } from '../support/harness.js';
import { useHarness } from '../support/use-harness.js';

/** agent2 uses Slack in Turkish; the others in English (the stand-in's default `en-US`). */
const h = useHarness({}, async (started) => {
  const agent2 = started.slack.users.get(people.agent2.userId);
  if (agent2) agent2.locale = 'tr-TR';
  forgetSlackProfile(people.agent2.userId);
});

const answer = async (person: Person, text: string) => String((await slashAnswer(h, person, text, { status: true, ephemeral: true })).post.text);

describe('parse problems in the person’s language', () => {
  it('/talep öncelik 5 çokyüksek: the Turkish problem and usage line; English for an English user', async () => {
    const turkish = await answer('agent2', 'öncelik 5 çokyüksek');
    expect(turkish).toContain(':warning: Bir öncelik bekleniyordu: `düşük`, `normal`, `yüksek` ya da `kritik` (`low`, `normal`, `high`, `critical`).');
    expect(turkish).toContain('\nKullanım: `/talep priority ');
    expect(turkish).not.toContain('Expected');
    const english = await answer('agent', 'priority 5 urgent');
    expect(english).toContain(':warning: Expected a priority: `low`, `normal`, `high` or `critical`.');
    expect(english).toContain('Usage: `/talep priority');
  });

  it('words the shared grammar, dates, statuses and search filters in Turkish', async () => {
    expect(await answer('agent2', 'göster on-iki')).toContain('Bir talep numarası bekleniyordu (42 gibi bir sayı); “on-iki” yazdınız.');
    expect(await answer('agent2', 'durum 5 belki')).toContain('Bir durum bekleniyordu: `yeni`, `devam` ya da `kapalı`');
    expect(await answer('agent2', 'son-tarih 5 someday')).toContain('Bir tarih ya da saat bekleniyordu: `today` (bugün)');
    expect(await answer('agent2', 'ara status:belki')).toContain('`status:` new, progress, closed ya da open bekler (ör. `status:new,progress`); “belki” yazdınız.');
    expect(await answer('agent', 'search status:maybe')).toContain('`status:` expects new, progress, closed or open');
  });

  it('a problem found when the route runs (a reminder time already passed) is Turkish too', async () => {
    expect(await answer('agent2', 'hatırlat 2 2020-01-01')).toContain(':warning: “2020-01-01” geçti; daha ileri bir zaman seçin.');
    expect(await answer('agent', 'remind 2 2020-01-01')).toContain(':warning: “2020-01-01” has already passed; pick a later time.');
  });
});
