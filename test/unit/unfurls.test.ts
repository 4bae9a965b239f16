/**
 * The unfurls area's pure parts: the allow-list of what a preview may show, the Work Object and Block
 * Kit builders (at their largest input, against Slack's limits), documentation previews, which links
 * are previewed, the per-channel setting and its store, and the unfurl domains.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { worded } from '../support/parse-problems.js';
import type { Comment, Talep } from '../../src/api/schemas.js';
import { sortLinks } from '../../src/commands/unfurls/links.js';
import { parseUnfurlArgs } from '../../src/commands/unfurls/setting.js';
import { parseUnfurlMode } from '../../src/domain/unfurl-mode.js';
import { checkMessage } from '../../src/slack/block-kit-limits.js';
import type { DocsSite } from '../../src/slack/services.js';
import { unfurlDomains } from '../../src/slack/unfurl-domains.js';
import { openStores } from '../../src/store/index.js';
import { docUnfurlBlocks } from '../../src/views/unfurls/doc-unfurl.js';
import { publicComments, talepFacts } from '../../src/views/unfurls/facts.js';
import { plainText, talepDetailsEntity, talepUnfurlEntity } from '../../src/views/unfurls/talep-entity.js';
import { talepUnfurlBlocks } from '../../src/views/unfurls/talep-unfurl.js';
import { longText } from './block-kit-fixtures.js';

const URL_OF_12 = 'https://hd.example.com/Talep/12';

function makeTalep(overrides: Partial<Talep> = {}): Talep {
  return {
    TalepID: 12,
    Subject: 'Printer jams',
    Body: 'SECRET BODY: the admin password is on a sticky note.',
    Status: 'In progress',
    StatusID: 2,
    Priority: 10,
    CategoryName: 'Hardware',
    CategoryID: 1,
    Attachments: [{ FileName: 'secret-attachment.png', Url: 'https://hd.example.com/api/attachment?id=1' }],
    Tags: [{ Name: 'secret-tag' }],
    SubmitterUserInfo: { UserID: 4, Username: 'secret-submitter', Email: 'secret@example.com' },
    AssigneeUserInfo: { UserID: 2, Username: 'agent', FullName: 'Mehmet Kaya' },
    DueDate: new Date('2026-03-01T20:59:59Z'),
    ResolvedDate: null,
    TimeSpentInSeconds: 4242,
    UpdatedByPerformer: false,
    LastUpdated: new Date('2026-02-01T12:00:00Z'),
    customSecret: 'from a real server',
    ...overrides,
  } as Talep;
}

let nextId = 1;
const comment = (body: string, at: string, flags: Partial<Comment> = {}): Comment => ({
  IssueID: 12,
  UserID: 2,
  UserName: 'agent',
  Email: 'agent@example.com',
  IsSystem: false,
  ForTechsOnly: false,
  Body: body,
  CommentDate: new Date(at),
  ...flags,
  ...{ CommentID: nextId++ },
});

describe('what a preview may show', () => {
  it('only the allow-listed fields of a talep, whatever the record carries', () => {
    const facts = talepFacts(makeTalep(), URL_OF_12, [{ PriorityID: 10, Name: 'VIP' }]);
    expect(facts).toEqual({
      id: 12,
      url: URL_OF_12,
      subject: 'Printer jams',
      status: 'In progress',
      statusId: 2,
      priority: 'VIP',
      category: 'Hardware',
      assignee: 'Mehmet Kaya',
      dueDate: new Date('2026-03-01T20:59:59Z'),
      lastUpdate: new Date('2026-02-01T12:00:00Z'),
    });
    const everything = JSON.stringify([talepUnfurlEntity(facts, URL_OF_12), talepUnfurlBlocks(facts), talepDetailsEntity(facts, [], { primary: [], overflow: [] })]);
    expect(everything).not.toMatch(/secret|4242/i);
  });

  it('public comments only: never agents-only, never system notes; newest first', () => {
    const list = [
      comment('old public', '2026-01-01T10:00:00Z'),
      comment('the agents-only note', '2026-01-03T10:00:00Z', { ForTechsOnly: true }),
      comment('Status changed to Closed.', '2026-01-04T10:00:00Z', { IsSystem: true }),
      comment('new public', '2026-01-02T10:00:00Z'),
    ];
    expect(publicComments(list, 5).map((entry) => entry.body)).toEqual(['new public', 'old public']);
    expect(publicComments(list, 1).map((entry) => entry.body)).toEqual(['new public']);
    expect(publicComments(list, 0)).toEqual([]);
  });

  it('an unassigned talep without dates', () => {
    const facts = talepFacts(makeTalep({ AssigneeUserInfo: null, DueDate: null, LastUpdated: undefined, Priority: 1 }), URL_OF_12);
    expect([facts.assignee, facts.dueDate, facts.lastUpdate, facts.priority]).toEqual([undefined, undefined, undefined, 'High']);
    const entity = talepUnfurlEntity(facts, URL_OF_12);
    expect(entity.entity_payload.fields).toEqual({ status: { value: 'In progress', tag_color: 'yellow' }, priority: { value: 'High' }, assignee: { type: 'string', value: 'Unassigned' } });
  });
});

describe('the Work Object', () => {
  const facts = talepFacts(makeTalep(), URL_OF_12);

  it('of a preview names the posted link, the talep and its fields; a comment only when given', () => {
    const posted = 'https://hd.example.com/Ticket/12?from=mail';
    const entity = talepUnfurlEntity(facts, posted);
    expect(entity).toMatchObject({
      entity_type: 'slack#/entities/task',
      external_ref: { id: '12', type: 'talep' },
      url: URL_OF_12,
      app_unfurl_url: posted,
      entity_payload: { attributes: { title: { text: 'Printer jams' }, display_id: '#12' }, fields: { due_date: { type: 'slack#/types/date', value: '2026-03-01' } } },
    });
    expect(entity.entity_payload.custom_fields?.map((field) => field.key)).toEqual(['category']);
    const withComment = talepUnfurlEntity(facts, posted, { author: 'agent', body: '<p>Fixed <b>it</b> &amp; <a href="https://x.example/">logged</a></p>', at: new Date('2026-02-01T10:00:00Z') });
    expect(withComment.entity_payload.custom_fields?.[1]).toMatchObject({ key: 'comment_1', label: 'agent, 2026-02-01', value: 'Fixed *it* & logged (https://x.example/)' });
  });

  it('of the details panel carries the actions it is given, and no posted link', () => {
    const entity = talepDetailsEntity(facts, [], { primary: [{ text: 'Open', action_id: 'open', url: URL_OF_12 }], overflow: [] });
    expect(entity.app_unfurl_url).toBeUndefined();
    expect(entity.entity_payload.actions).toEqual({ primary_actions: [{ text: 'Open', action_id: 'open', url: URL_OF_12 }], overflow_actions: [] });
  });

  it('turns comment bodies into plain, bounded text', () => {
    expect(plainText('a &lt;b&gt; <script>x</script>c', 100)).toBe('a <b> c');
    expect(plainText(longText(5000), 1000).length).toBeLessThanOrEqual(1001);
  });
});

describe('the Block Kit preview (where Work Objects are not available)', () => {
  it('stays within Slack’s limits at its largest, and escapes what came from the help desk', () => {
    const facts = talepFacts(makeTalep({ Subject: longText(500), CategoryName: longText(300), AssigneeUserInfo: { UserID: 2, FullName: longText(300) } }), URL_OF_12);
    const unfurl = talepUnfurlBlocks(facts, { author: longText(200), body: longText(20_000), at: new Date() });
    expect(checkMessage({ blocks: unfurl.blocks })).toEqual([]);
    const mrkdwn = JSON.stringify(talepUnfurlBlocks(talepFacts(makeTalep({ Subject: '<!channel> & <https://evil|x>' }), URL_OF_12)).blocks);
    expect(mrkdwn).toContain('&lt;!channel&gt; &amp; &lt;https://evil|x&gt;');
  });

  it('without a comment shows no comment block', () => {
    expect(JSON.stringify(talepUnfurlBlocks(talepFacts(makeTalep(), URL_OF_12)))).not.toContain('speech_balloon');
  });
});

describe('a documentation preview', () => {
  it('shows title, excerpt and author, escaped; an excerpt that only repeats the title is dropped', () => {
    const blocks = docUnfurlBlocks({ url: 'https://docs.example.com/a/', title: 'VPN <setup>', excerpt: 'Use <b>this</b> & that', authorName: 'Ayla', providerName: 'Docs' }).blocks;
    expect(JSON.stringify(blocks)).toContain('<https://docs.example.com/a/|VPN &lt;setup&gt;>*\\nUse *this* &amp; that');
    expect(JSON.stringify(blocks)).toContain('by Ayla · Docs');
    const repeated = docUnfurlBlocks({ url: 'https://docs.example.com/a/', title: 'VPN', excerpt: '<blockquote><a href="https://docs.example.com/a/">VPN</a></blockquote>' }).blocks;
    expect(repeated).toHaveLength(1);
    expect(checkMessage({ blocks: docUnfurlBlocks({ url: 'https://docs.example.com/a/', title: longText(3000), excerpt: longText(50_000), authorName: longText(500) }).blocks })).toEqual([]);
  });
});

describe('which links are previewed', () => {
  const docs: DocsSite = { covers: (url) => url.startsWith('https://docs.example.com/'), preview: async () => undefined };

  it('talep links (both URL forms), documentation links, each once, capped', () => {
    const urls = [
      'https://hd.example.com/Talep/7',
      'https://hd.example.com/Ticket/8',
      'https://hd.example.com/Talep/7',
      'https://docs.example.com/vpn/',
      'https://elsewhere.example.com/Talep/9',
      ...Array.from({ length: 8 }, (_, index) => `https://hd.example.com/Talep/${100 + index}`),
      ...Array.from({ length: 5 }, (_, index) => `https://docs.example.com/page-${index}/`),
    ];
    const sorted = sortLinks(urls, 'https://hd.example.com/Talep/{id}', docs);
    expect(sorted.taleps.map((link) => link.talepId)).toEqual([7, 8, 100, 101, 102]);
    expect(sorted.docs).toEqual(['https://docs.example.com/vpn/', 'https://docs.example.com/page-0/', 'https://docs.example.com/page-1/']);
    expect(sortLinks(urls, 'https://hd.example.com/Talep/{id}', undefined).docs).toEqual([]);
  });
});

describe('the channel setting', () => {
  it('reads on, summary and off in English and Turkish; nothing means "show it"', () => {
    expect(['on', 'ÖZET', 'kapalı', 'Off'].map((word) => parseUnfurlMode(word))).toEqual([
      { ok: true, value: 'on' },
      { ok: true, value: 'summary' },
      { ok: true, value: 'off' },
      { ok: true, value: 'off' },
    ]);
    expect(worded(parseUnfurlMode('maybe'))).toEqual({ ok: false, error: 'Expected `on`, `summary` or `off`.' });
    expect(parseUnfurlArgs('  ')).toEqual({ ok: true, value: undefined });
  });

  it('is stored per channel, behind an async interface', async () => {
    const stores = await openStores(undefined, randomBytes(32));
    expect(await stores.channelSettings.get('T1', 'C1')).toBeUndefined();
    await stores.channelSettings.setUnfurl('T1', 'C1', 'off', 'T1:U1', new Date('2026-02-01T12:00:00Z'));
    await stores.channelSettings.setUnfurl('T1', 'C2', 'on', 'T1:U2');
    expect(await stores.channelSettings.get('T1', 'C1')).toEqual({ unfurl: 'off', changedBy: 'T1:U1', changedAt: new Date('2026-02-01T12:00:00Z') });
    expect((await stores.channelSettings.get('T1', 'C2'))?.unfurl).toBe('on');
    expect(await stores.channelSettings.get('T2', 'C1')).toBeUndefined();
  });
});

describe('unfurl domains', () => {
  it('are the hosts of the talep pages and the documentation site; Slack takes no addresses or localhost', () => {
    expect(unfurlDomains('https://HelpDesk.example.com:8443/Ticket/{id}', 'https://docs.example.com/kb')).toEqual({ domains: ['helpdesk.example.com', 'docs.example.com'], unusable: [] });
    expect(unfurlDomains('https://hd.example.com/Talep/{id}', 'https://hd.example.com/docs')).toEqual({ domains: ['hd.example.com'], unusable: [] });
    expect(unfurlDomains('http://127.0.0.1:8080/Talep/{id}')).toEqual({ domains: [], unusable: ['127.0.0.1'] });
    expect(unfurlDomains('http://localhost/Talep/{id}').unusable).toEqual(['localhost']);
  });
});
