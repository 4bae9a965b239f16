/** The last English-only texts (issue 18 leftovers), rendered for a Turkish reader. */
import { describe, expect, it } from 'vitest';
import type { AutomationRuleSummary, RuleClause } from '../../src/api/rules.js';
import { messagesFor } from '../../src/i18n/messages.js';
import { readSignIn } from '../../src/commands/account/connect.js';
import { assetFieldsTarget } from '../../src/commands/assets/fields.js';
import { companyFieldsTarget } from '../../src/commands/companies/fields.js';
import { noteOf, titleOf } from '../../src/commands/custom-fields/target.js';
import { ruleRow, ruleSummaryText } from '../../src/commands/rules/rows.js';
import { talepFieldsTarget } from '../../src/commands/talep-extras/fields.js';
import { userFieldsTarget } from '../../src/commands/users/fields.js';
import { ConnectIds } from '../../src/views/account/ids.js';
import { helpdeskPersonFor, PersonNotFound } from '../../src/slack/people.js';

const tr = messagesFor('tr');
const en = messagesFor('en');

describe('custom-fields modal titles and the asset note', () => {
  it('are Turkish for a Turkish person, English by default', () => {
    expect(titleOf(userFieldsTarget, tr)).toBe('Kullanıcı özel alanları');
    expect(titleOf(companyFieldsTarget, tr)).toBe('Şirket özel alanları');
    expect(titleOf(talepFieldsTarget, tr)).toBe('Talep özel alanları');
    expect(titleOf(assetFieldsTarget, tr)).toBe('Varlık özel alanları');
    expect(noteOf(assetFieldsTarget, tr)).toContain('yalnızca doldurduğunuz alanlar gönderilir');
    expect(titleOf(userFieldsTarget, en)).toBe('User custom fields');
    expect(noteOf(assetFieldsTarget, en)).toContain('only the fields you fill in are sent');
    for (const target of [userFieldsTarget, companyFieldsTarget, talepFieldsTarget, assetFieldsTarget]) {
      expect(titleOf(target, tr).length).toBeLessThanOrEqual(24);
    }
  });
});

describe('knowledge base texts', () => {
  it('has a Turkish modal title and stale-button text', () => {
    expect(tr.t('kb.modalTitle')).not.toBe(en.t('kb.modalTitle'));
    expect(tr.t('kb.staleArticle')).toContain('Bu düğme bir makaleyi göstermiyor');
    expect(tr.t('kb.staleArticleId')).toContain('`/talep kb <id>`');
  });
});

describe('Slack user → help-desk user failures', () => {
  const services = {
    stores: { accounts: { get: async () => undefined }, directory: { get: async () => undefined, set: async () => undefined } },
  };
  const session = { teamId: 'T1', userId: 'U1', account: { helpdeskUserId: 1, username: 'me', email: 'me@x' }, hd: {} };

  it('says "no e-mail" in Turkish', async () => {
    const client = { users: { info: async () => ({ ok: true, user: { id: 'U_NOMAIL_TR', profile: {} } }) } };
    const failure = await helpdeskPersonFor(services as never, session as never, client as never, 'U_NOMAIL_TR', tr).catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(PersonNotFound);
    expect((failure as Error).message).toBe("<@U_NOMAIL_TR> kullanıcısının Slack'te e-posta adresi yok, bu yüzden onu yardım masasında bulamıyorum.");
  });

  it('has every lookup failure in Turkish', () => {
    expect(tr.t('slackPeople.noMatch', { userId: 'U2', email: 'a@b.c' })).toBe('<@U2> kullanıcısının e-posta adresine (a@b.c) sahip bir yardım masası kullanıcısı yok.');
    expect(tr.t('slackPeople.needsAgent')).toContain('temsilci yetkisi');
    expect(tr.t('slackPeople.notVisible', { userId: 'U3' })).toBe('<@U3> görebildiğim bir Slack kullanıcısı değil.');
  });
});

describe('the rules modal summary', () => {
  const clause = (summary: string): RuleClause => ({ kind: 'Condition', fields: {}, summary });
  const rule: AutomationRuleSummary = { id: 3, conditions: [clause('A'), clause('B')], actions: [clause('X')], rawXml: '', match: 'All' };

  it('joins the clauses in Turkish, English by default', () => {
    expect(ruleSummaryText(rule, tr)).toBe('Eğer A ve B → X');
    expect(ruleSummaryText({ ...rule, match: 'any' }, tr)).toBe('Eğer A veya B → X');
    expect(ruleSummaryText({ ...rule, conditions: [], actions: [] }, tr)).toBe('Eğer (koşul yok) → (eylem yok)');
    expect(ruleSummaryText(rule)).toBe('When A and B → X');
    expect(ruleRow(3, { summary: rule }, undefined, tr).summary).toBe('Eğer A ve B → X');
  });

  it('says how many clauses were left out, in Turkish', () => {
    const many = { ...rule, conditions: Array.from({ length: 30 }, (_, i) => clause(`Koşul numarası ${i} oldukça uzun bir metin`)) };
    expect(ruleSummaryText(many, tr)).toMatch(/ \(\+\d+ tane daha\) → X$/);
  });
});

describe('the connect form and the new-talep checks', () => {
  it('says what is missing in Turkish', () => {
    const values = { [ConnectIds.tokenBlock]: { [ConnectIds.tokenInput]: { type: 'plain_text_input', value: null } } };
    expect(readSignIn(values as never, false, tr)).toEqual({ ok: false, errors: { [ConnectIds.tokenBlock]: 'Lütfen API tokenınızı yapıştırın.' } });
    expect(readSignIn(values as never, false)).toEqual({ ok: false, errors: { [ConnectIds.tokenBlock]: 'Paste your API token.' } });
    expect(tr.t('newTalep.checkSubjectTooLong', { max: 200, length: 201 })).toBe('Konu en fazla 200 karakter olabilir (şu an 201).');
  });
});

describe('"Open a talep" on a message that already has one', () => {
  it('is Turkish for a Turkish person', async () => {
    const { alreadyOpenedView, beingOpenedView } = await import('../../src/views/new-talep/states.js');
    const opened = JSON.stringify(alreadyOpenedView({ id: 5 }, tr));
    expect(opened).toContain('Bu mesajdan zaten Talep #5 açıldı.');
    expect(opened).toContain('*Add to a talep* kısayoluyla');
    expect(opened).not.toContain('was already opened');
    const opening = JSON.stringify(beingOpenedView('U9', tr));
    expect(opening).toContain('Bu mesajdan şu anda zaten bir talep açılıyor');
    expect(opening).toContain('<@U9> tarafından');
  });
});

describe('the unfurl connect offer', () => {
  it('has a Turkish text', () => {
    expect(tr.t('unfurls.connectOfferText')).toContain('Yardım masası hesabınızı bağlayın');
  });
});

describe('a talep opened from a message', () => {
  it('says so in the thread in the channel’s language, and a queued one in the person’s', async () => {
    const { talepOpenedThreadReply } = await import('../../src/views/new-talep/states.js');
    const talep = { id: 7, subject: 'Yazıcı', url: 'https://hd/Ticket/7' };
    const turkish = JSON.stringify(talepOpenedThreadReply(talep, tr));
    expect(turkish).toContain('talebi bu iletiden açıldı');
    expect(turkish).not.toContain('was opened');
    expect(JSON.stringify(talepOpenedThreadReply(talep, messagesFor('en')))).toContain('was opened from this message');
    expect(tr.t('newTalep.kept')).toContain('sırada');
  });
});
