/**
 * Messages marked `confidential` (agents-only content) on every surface of the kernel: shown ephemerally
 * or in a modal, never in a DM (a notice instead) and never as the replacement of a lasting message; the
 * mark never reaches Slack. And which views mark what.
 */
import type { webApi } from '@slack/bolt';
import { describe, expect, it, vi } from 'vitest';
import type { Comment, Talep } from '../../src/api/schemas.js';
import { commentRecord, talepRecord } from '../support/records.js';
import {
  dmSurface,
  ephemeralSurface,
  modalSurface,
  plainModalRender,
  respondSurface,
  ResponseUrlError,
  type SurfaceDeps,
  surfaceFromRef,
} from '../../src/slack/surface.js';
import { articleListMessage, articleMessage } from '../../src/views/kb/articles.js';
import type { SlackMessage } from '../../src/views/kit/blocks.js';
import { type CardAudience, talepCard, type TalepCardData } from '../../src/views/talep-card/card.js';
import { commentsMessage } from '../../src/views/talep-comments/list.js';
import { filesMessage } from '../../src/views/talep-files/list.js';

type Call = { method: string; args: Record<string, unknown> };

function deps(options: { gone?: string[]; responseUrlGone?: boolean } = {}) {
  const calls: Call[] = [];
  const method = (name: string) => async (args: Record<string, unknown>) => {
    calls.push({ method: name, args });
    if (options.gone?.includes(name)) throw Object.assign(new Error('gone'), { data: { ok: false, error: 'channel_not_found' } });
    return { ok: true, view: { id: 'V1', hash: 'h2' } };
  };
  const client = {
    chat: { postMessage: method('chat.postMessage'), postEphemeral: method('chat.postEphemeral') },
    views: { update: method('views.update') },
  } as unknown as webApi.WebClient;
  const surfaceDeps: SurfaceDeps = {
    client,
    userId: 'UAGENT',
    logger: { info: vi.fn(), warn: vi.fn() },
    postToResponseUrl: async (url, payload) => {
      calls.push({ method: 'response_url', args: { url, ...payload } });
      if (options.responseUrlGone) throw new ResponseUrlError('response_url answered HTTP 404: expired_url');
    },
  };
  return { deps: surfaceDeps, calls };
}

const SECRET = 'Gateway certificate expired';
const card: SlackMessage = { text: 'Talep #2', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: SECRET } }], confidential: true };
const plainCard: SlackMessage = { text: 'Talep #2', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: 'public' } }] };
const json = (value: unknown) => JSON.stringify(value);

describe('confidential messages on the surfaces', () => {
  it('a DM never gets one: it gets a short notice, and the log says so (without the content)', async () => {
    const { deps: d, calls } = deps();
    await dmSurface(d).send(card);
    expect(calls).toHaveLength(1);
    expect(calls[0]?.method).toBe('chat.postMessage');
    expect(json(calls[0]?.args)).not.toContain(SECRET);
    expect(json(calls[0]?.args)).toContain('agents-only details');
    expect(json((d.logger.info as ReturnType<typeof vi.fn>).mock.calls)).not.toContain(SECRET);
  });

  it('an ephemeral reply, a response_url reply and a modal show it, without the mark', async () => {
    const { deps: d, calls } = deps();
    await ephemeralSurface(d, 'C1').send(card);
    await respondSurface(d, 'https://hooks.slack.test/1').send(card);
    await modalSurface(d, { id: 'V1' }, plainModalRender('Card')).send(card);
    expect(calls.map((call) => call.method)).toEqual(['chat.postEphemeral', 'response_url', 'views.update']);
    for (const call of calls) expect('confidential' in call.args).toBe(false);
    expect(json(calls[0]?.args)).toContain(SECRET);
    expect(calls[1]?.args).toMatchObject({ response_type: 'ephemeral', replace_original: false });
  });

  it('replacing a lasting message (a DM card, a card in a channel) becomes an ephemeral reply; an ephemeral one is replaced', async () => {
    const { deps: d, calls } = deps();
    await respondSurface(d, 'https://hooks.slack.test/lasting', false).replace(card);
    await respondSurface(d, 'https://hooks.slack.test/lasting', false).replace(plainCard);
    await respondSurface(d, 'https://hooks.slack.test/ephemeral', true).replace(card);
    expect(calls.map((call) => [call.args.response_type, call.args.replace_original])).toEqual([
      ['ephemeral', false],
      [undefined, true],
      ['ephemeral', true],
    ]);
  });

  it('every fallback into a DM holds it back: an expired response_url, a channel gone, a closed modal, a kept ref', async () => {
    const gone = deps({ responseUrlGone: true, gone: ['chat.postEphemeral', 'views.update'] });
    await respondSurface(gone.deps, 'https://hooks.slack.test/expired').send(card);
    await respondSurface(gone.deps, 'https://hooks.slack.test/expired').replace(card);
    await ephemeralSurface(gone.deps, 'C-gone').send(card);
    await modalSurface(gone.deps, { id: 'V-closed' }, plainModalRender('Card')).send(card);
    await surfaceFromRef(gone.deps, { u: 'https://hooks.slack.test/expired', c: 'C-gone', r: true }).replace(card);
    const dms = gone.calls.filter((call) => call.method === 'chat.postMessage');
    expect(dms).toHaveLength(5);
    for (const dm of dms) {
      expect(json(dm.args)).not.toContain(SECRET);
      expect(json(dm.args)).toContain('agents-only details');
    }
  });

  it('a message without the mark still falls back into the DM as before', async () => {
    const gone = deps({ responseUrlGone: true });
    await respondSurface(gone.deps, 'https://hooks.slack.test/expired').send(plainCard);
    expect(gone.calls.at(-1)).toMatchObject({ method: 'chat.postMessage', args: { channel: 'UAGENT', text: 'Talep #2' } });
  });
});

// ── the views that mark ────────────────────────────────────────────────────────────────────────────

const NOW = new Date('2026-02-01T12:00:00Z');
const talep = (attachments: Talep['Attachments']) => talepRecord({ TalepID: 2, CategoryID: 3, Attachments: attachments });
const comment = (id: number, body: string, agentsOnly = false) => commentRecord(id, body, { IssueID: 2, ForTechsOnly: agentsOnly });
const FILES = [
  { FileName: 'error-809.png', Url: 'https://hd.example.com/api/attachment?id=2' },
  { FileName: 'gateway-cert.txt', Url: 'https://hd.example.com/api/attachment?id=3' },
];
const data = (comments: Comment[], attachments = FILES): TalepCardData => ({
  talep: talep(attachments),
  comments,
  talepUrlTemplate: 'https://hd.example.com/Talep/{id}',
  now: NOW,
});
const viewer = (role: 'agent' | 'user') => ({ helpdeskUserId: role === 'agent' ? 2 : 4, role, worksOnCategory: role === 'agent' });
const on = (kind: 'ephemeral' | 'direct', role: 'agent' | 'user'): CardAudience => ({ kind, viewer: viewer(role) });

describe('which views are marked', () => {
  const withSecret = [comment(1, 'Send a screenshot'), comment(3, SECRET, true)];

  it('an agent’s ephemeral card with agents-only comments (or files that may be theirs) is marked; without any, or for a regular user, it is not', () => {
    expect(talepCard(data(withSecret), on('ephemeral', 'agent')).confidential).toBe(true);
    // The agents-only comment is older than the three shown, but its file may be listed.
    const older = [comment(3, SECRET, true), comment(4, 'a'), comment(5, 'b'), comment(6, 'c')];
    expect(talepCard(data(older), on('ephemeral', 'agent')).confidential).toBe(true);
    expect(talepCard(data(older, []), on('ephemeral', 'agent')).confidential).toBeUndefined();
    expect(talepCard(data([comment(1, 'public')]), on('ephemeral', 'agent')).confidential).toBeUndefined();
    expect(talepCard(data(withSecret), on('ephemeral', 'user')).confidential).toBeUndefined();
  });

  it('a direct (DM) card is never marked: it shows no agents-only comment and, for an agent, names no file that may be of one', () => {
    const direct = talepCard(data(withSecret), on('direct', 'agent'));
    expect(direct.confidential).toBeUndefined();
    expect(json(direct)).not.toContain(SECRET);
    expect(json(direct)).not.toContain('gateway-cert.txt');
    expect(json(direct)).not.toContain('error-809.png');
    expect(json(direct)).toContain('2 attachments');
    // No agents-only comment on the talep: no file can be of one, so the names are shown.
    expect(json(talepCard(data([comment(1, 'public')]), on('direct', 'agent')))).toContain('gateway-cert.txt');
    // A regular user gets only the files the help desk shows them.
    expect(json(talepCard(data(withSecret, [FILES[0] as Talep['Attachments'][number]]), on('direct', 'user')))).toContain('error-809.png');
  });

  it('the comments list with an agents-only comment on the page, an agent’s file list, an agents-only article and a list naming one', () => {
    const agentViewer = { helpdeskUserId: 2, agent: true, editsAll: true };
    expect(commentsMessage({ talepId: 2, comments: withSecret, viewer: agentViewer, page: 0 }).confidential).toBe(true);
    expect(commentsMessage({ talepId: 2, comments: [comment(1, 'x')], viewer: agentViewer, page: 0 }).confidential).toBeUndefined();
    const files = [{ FileName: 'gateway-cert.txt', FileID: 3, FileSize: 10, Url: 'https://x.test/3' }];
    expect(filesMessage({ talepId: 2, files, canDelete: false, mayHoldAgentsOnlyFiles: true }).confidential).toBe(true);
    expect(filesMessage({ talepId: 2, files, canDelete: false }).confidential).toBeUndefined();
    const article = { ArticleId: 3, Subject: 'Core switch recovery', Body: 'ROMMON', CategoryName: 'Network', DateCreated: NOW, Url: 'https://hd.example.com/kb/3' };
    const articleData = (techOnly: boolean | undefined) => ({ article: article as never, techOnly, helpdeskWebUrl: 'https://hd.example.com/' });
    expect(articleMessage(articleData(true)).confidential).toBe(true);
    expect(articleMessage(articleData(undefined)).confidential).toBe(true);
    expect(articleMessage(articleData(false)).confidential).toBeUndefined();
    const row = (techOnly: boolean) => ({ id: 3, subject: 'Core switch recovery', category: 'Network', created: NOW, techOnly });
    expect(articleListMessage({ words: [], rows: [row(true)] }).confidential).toBe(true);
    expect(articleListMessage({ words: [], rows: [row(false)] }).confidential).toBeUndefined();
  });
});
