/**
 * The interaction kernel on its own: who acts (actor), where answers go (surface, with fallbacks),
 * failures → one sentence, and the listener middleware (needs: linked, talep).
 */
import { randomBytes } from 'node:crypto';
import type { webApi } from '@slack/bolt';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { HelpdeskClient } from '../../src/api/client.js';
import { HelpdeskError } from '../../src/api/errors.js';
import { actorFor, requireLinked } from '../../src/slack/actor.js';
import { errorText, reportFailure } from '../../src/slack/failures.js';
import type { Interaction } from '../../src/slack/interaction.js';
import { actAs, runWithNeeds, STALE_CONTROL_TEXT } from '../../src/slack/middleware.js';
import { PersonNotFound } from '../../src/slack/people.js';
import type { Services } from '../../src/slack/services.js';
import {
  dmSurface,
  ephemeralSurface,
  modalSurface,
  plainModalRender,
  respondSurface,
  ResponseUrlError,
  type Surface,
  type SurfaceDeps,
  surfaceFromRef,
} from '../../src/slack/surface.js';
import { talepChangeBus } from '../../src/events/talep-changes.js';
import { openStores } from '../../src/store/index.js';
import { JobRunner } from '../../src/jobs/runner.js';

type Call = { method: string; args: Record<string, unknown> };

/** A WebClient stand-in recording calls; `failWith` makes a method fail like Slack does. */
function fakeClient(failWith: Record<string, string> = {}) {
  const calls: Call[] = [];
  const method = (name: string) => async (args: Record<string, unknown>) => {
    calls.push({ method: name, args });
    const code = failWith[name];
    if (code) throw Object.assign(new Error(code), { data: { ok: false, error: code } });
    return { ok: true, view: { id: 'V1', hash: `h${calls.length}` } };
  };
  const client = {
    chat: { postMessage: method('chat.postMessage'), postEphemeral: method('chat.postEphemeral') },
    views: { update: method('views.update'), open: method('views.open') },
  } as unknown as webApi.WebClient;
  return { client, calls };
}

const logger = { debug: vi.fn(), info: vi.fn(), warn: vi.fn(), error: vi.fn(), setLevel: vi.fn(), getLevel: vi.fn(), setName: vi.fn() };

async function services(): Promise<Services> {
  const stores = await openStores(undefined, randomBytes(32));
  return {
    helpdesk: new HelpdeskClient({ baseUrl: 'http://127.0.0.1:9/api' }),
    stores,
    jobs: new JobRunner({ queue: stores.jobs, logger }),
    talepChanges: talepChangeBus(),
    logger,
    helpdeskWebUrl: 'http://127.0.0.1:9',
    talepUrlTemplate: 'http://127.0.0.1:9/Talep/{id}',
    slackFiles: { download: async () => ({ filename: 'x', contentType: 'text/plain', data: new Uint8Array() }) },
    maxUploadBytes: 1024,
    now: () => new Date('2026-11-23T10:00:00Z'),
  };
}

const identity = { helpdeskUserId: 7, username: 'ayse', email: 'ayse@example.com' };
const who = { teamId: 'T1', userId: 'U1' };

let svc: Services;
beforeEach(async () => {
  svc = await services();
});
afterEach(async () => {
  await svc.helpdesk.close();
});

function recordingSurface(): Surface & { sent: { text: string; tone: string | undefined }[] } {
  const sent: { text: string; tone: string | undefined }[] = [];
  const send = async (message: { text: string }, tone?: string) => {
    sent.push({ text: message.text, tone });
  };
  return { kind: 'dm', send, replace: send, sent };
}

describe('actor', () => {
  it('is the linked account, with a client acting as that person and the role decided once', async () => {
    await svc.stores.accounts.link('T1', 'U1', 'tok-1', { ...identity, role: 'admin' });
    const actor = await actorFor(svc, who);
    if (typeof actor === 'string') throw new Error(actor);
    expect(actor.helpdeskUserId).toBe(7);
    expect(actor.isAgent && actor.isAdmin).toBe(true);
    expect(actor.account.credential).toEqual(bearer('tok-1'));
  });

  it('says why someone cannot act: never linked, or a token the help desk refused', async () => {
    expect(await actorFor(svc, who)).toBe('not-linked');
    await svc.stores.accounts.link('T1', 'U1', 'tok-1', { ...identity, role: 'user' });
    await svc.stores.accounts.markRejected('T1', 'U1', (await svc.stores.accounts.get('T1', 'U1'))?.linkedAt as Date);
    expect(await actorFor(svc, who)).toBe('rejected');
  });

  it('requireLinked tells the person how to connect, on the surface they acted from', async () => {
    const surface = recordingSurface();
    const { client } = fakeClient();
    expect(await requireLinked({ services: svc, who, surface })).toBeUndefined();
    expect(surface.sent[0]?.text).toContain('Connect your help-desk account');
    void client;
  });
});

describe('surface', () => {
  const deps = (
    client: webApi.WebClient,
    postToResponseUrl: SurfaceDeps['postToResponseUrl'] = vi.fn(async () => undefined),
  ): SurfaceDeps => ({
    client,
    userId: 'U1',
    logger,
    postToResponseUrl,
  });

  it('answers through the response_url: a new ephemeral message, or replacing the original', async () => {
    const post = vi.fn(async () => undefined);
    const surface = respondSurface(deps(fakeClient().client, post), 'https://hooks.example/r/1');
    await surface.send({ text: 'hello' });
    await surface.replace({ text: 'card' });
    expect(post.mock.calls).toEqual([
      ['https://hooks.example/r/1', { response_type: 'ephemeral', replace_original: false, text: 'hello' }],
      ['https://hooks.example/r/1', { response_type: 'ephemeral', replace_original: true, text: 'card' }],
    ]);
  });

  it('replacing a lasting message (the app DM) does not ask for an ephemeral one', async () => {
    const post = vi.fn(async (_url: string, _payload: Record<string, unknown>) => undefined);
    await respondSurface(deps(fakeClient().client, post), 'https://hooks.example/r/1', false).replace({ text: 'card' });
    expect(post.mock.calls[0]?.[1]).toEqual({ replace_original: true, text: 'card' });
  });

  it('falls back to a DM when the response_url is used up, the channel is closed, or the modal is gone', async () => {
    const { client, calls } = fakeClient({ 'chat.postEphemeral': 'not_in_channel', 'views.update': 'not_found' });
    const expired = vi.fn(async () => {
      throw new ResponseUrlError('response_url answered HTTP 404');
    });
    await respondSurface(deps(client, expired), 'https://hooks.example/r/1').send({ text: 'a' });
    await ephemeralSurface(deps(client), 'C1').send({ text: 'b' });
    await modalSurface(deps(client), { id: 'V9' }, plainModalRender('Title')).send({ text: 'c' }, 'problem');
    expect(calls.filter((call) => call.method === 'chat.postMessage').map((call) => [call.args.channel, call.args.text])).toEqual([
      ['U1', 'a'],
      ['U1', 'b'],
      ['U1', 'c'],
    ]);
  });

  it('does not swallow failures that are not about a gone place', async () => {
    const { client } = fakeClient({ 'chat.postEphemeral': 'invalid_blocks' });
    await expect(ephemeralSurface(deps(client), 'C1').send({ text: 'b' })).rejects.toThrow('invalid_blocks');
  });

  it('a modal shows progress, problems and results with its own render, dropping the leading emoji', async () => {
    const { client, calls } = fakeClient();
    const modal = modalSurface(deps(client), { id: 'V1', hash: 'h0' }, plainModalRender('New talep'));
    await modal.send({ text: ':hourglass: Queued for 5 s' }, 'progress');
    await modal.send({ text: ':warning: Refused' }, 'problem');
    const views = calls.map((call) => call.args);
    expect(views[0]).toMatchObject({ view_id: 'V1', hash: 'h0' });
    expect(JSON.stringify(views[0]?.view)).toContain(':hourglass_flowing_sand: Queued for 5 s');
    expect(JSON.stringify(views[1]?.view)).toContain(':warning: Refused');
    // The hash Slack answered with guards the next update.
    expect(views[1]).toMatchObject({ hash: 'h1' });
  });

  it('a modal update that lost a hash race is sent again without the hash (ours is newer)', async () => {
    const { client, calls } = fakeClient({});
    let first = true;
    (client.views as { update: unknown }).update = async (args: Record<string, unknown>) => {
      calls.push({ method: 'views.update', args });
      if (first) {
        first = false;
        throw Object.assign(new Error('hash_conflict'), { data: { ok: false, error: 'hash_conflict' } });
      }
      return { ok: true, view: { id: 'V1', hash: 'h2' } };
    };
    await modalSurface(deps(client), { id: 'V1', hash: 'stale' }, plainModalRender('T')).update({ type: 'modal', title: { type: 'plain_text', text: 'T' }, blocks: [] });
    expect(calls.map((call) => call.args.hash)).toEqual(['stale', undefined]);
  });

  it('a kept ref answers at the card, else in the channel, else in a DM', async () => {
    const { client, calls } = fakeClient();
    const post = vi.fn(async () => undefined);
    await surfaceFromRef(deps(client, post), { u: 'https://hooks.example/r/2', c: 'C1', r: true }).replace({ text: 'card' });
    expect(post).toHaveBeenCalledWith('https://hooks.example/r/2', { response_type: 'ephemeral', replace_original: true, text: 'card' });
    await surfaceFromRef(deps(client, post), { c: 'C1' }).send({ text: 'in channel' });
    await surfaceFromRef(deps(client, post), undefined).send({ text: 'dm' });
    expect(calls.map((call) => [call.method, call.args.channel])).toEqual([
      ['chat.postEphemeral', 'C1'],
      ['chat.postMessage', 'U1'],
    ]);
    expect(dmSurface(deps(client)).kind).toBe('dm');
  });
});

describe('failures', () => {
  it('words each error kind in one sentence, escaping what came from outside', () => {
    expect(errorText(new HelpdeskError('not-found', 'x', { operation: 'getTalep' }), { talepId: 12 })).toBe(':mag: Talep #12 was not found.');
    expect(errorText(new HelpdeskError('invalid', 'x', { status: 400, reason: '<!here> bad' }))).toBe(':warning: The help desk refused that (&lt;!here&gt; bad).');
    expect(errorText(new HelpdeskError('forbidden', 'x', { operation: 'getTalep' }), { talepId: 3, regularUser: true })).toContain('belongs to someone else');
    expect(errorText(new HelpdeskError('forbidden', 'x', { operation: 'getTalep' }), { talepId: 3 })).toContain('The help desk refused');
    expect(errorText(new HelpdeskError('invalid', 'id: <@U1|x> is wrong'))).toBe(':warning: &lt;@U1|x&gt; is wrong');
    expect(errorText(new PersonNotFound('No help-desk user has <@U2>’s e-mail.'))).toBe(':bust_in_silhouette: No help-desk user has <@U2>’s e-mail.');
    expect(errorText(new Error('boom at /srv/app.js:12'))).not.toContain('boom');
  });

  it('marks a refused token rejected — but not a link made after the refused call started', async () => {
    const surface = recordingSurface();
    await svc.stores.accounts.link('T1', 'U1', 'old', { ...identity, role: 'user' });
    const before = (await svc.stores.accounts.get('T1', 'U1'))?.linkedAt;
    await new Promise((resolve) => setTimeout(resolve, 5));
    await svc.stores.accounts.link('T1', 'U1', 'new', { ...identity, role: 'user' });
    await reportFailure({ services: svc, who, surface, ...(before ? { linkedAt: before } : {}) }, new HelpdeskError('unauthorized', 'x'));
    expect((await svc.stores.accounts.get('T1', 'U1'))?.rejected).toBe(false);
    // Not knowing which link made the call, it marks none.
    await reportFailure({ services: svc, who, surface }, new HelpdeskError('unauthorized', 'x'));
    expect((await svc.stores.accounts.get('T1', 'U1'))?.rejected).toBe(false);
    const current = (await svc.stores.accounts.get('T1', 'U1'))?.linkedAt;
    await reportFailure({ services: svc, who, surface, ...(current ? { linkedAt: current } : {}) }, new HelpdeskError('unauthorized', 'x'));
    expect((await svc.stores.accounts.get('T1', 'U1'))?.rejected).toBe(true);
    expect(surface.sent.map((sent) => sent.tone)).toEqual(['problem', 'problem', 'problem']);
  });
});

describe('middleware', () => {
  const ix = (surface: Surface): Interaction => ({ services: svc, client: fakeClient().client, who, surface });

  it('a refusal of the token an interaction acted with never rejects the link the person made while it ran (actAs too)', async () => {
    const rejected = async () => (await svc.stores.accounts.get('T1', 'U1'))?.rejected;
    const reconnectMeanwhile = async () => {
      await new Promise((resolve) => setTimeout(resolve, 5));
      await svc.stores.accounts.link('T1', 'U1', `tok-${Math.random()}`, { ...identity, role: 'user' });
      throw new HelpdeskError('unauthorized', 'x', { status: 401 });
    };
    await svc.stores.accounts.link('T1', 'U1', 'old', { ...identity, role: 'user' });
    await runWithNeeds(ix(recordingSurface()), { linked: true }, reconnectMeanwhile);
    expect(await rejected()).toBe(false);
    await actAs(ix(recordingSurface()), reconnectMeanwhile);
    expect(await rejected()).toBe(false);
    // The link it acted with is still the current one: that one is rejected.
    await actAs(ix(recordingSurface()), async () => {
      throw new HelpdeskError('unauthorized', 'x', { status: 401 });
    });
    expect(await rejected()).toBe(true);
  });

  it('runs the handler with the actor and the talep, and words failures about that talep', async () => {
    await svc.stores.accounts.link('T1', 'U1', 'tok', { ...identity, role: 'user' });
    const surface = recordingSurface();
    const seen: unknown[] = [];
    await runWithNeeds(ix(surface), { talep: () => 12 }, async (ctx) => {
      seen.push(ctx.actor?.helpdeskUserId, ctx.talepId);
      throw new HelpdeskError('forbidden', 'x', { operation: 'comments' });
    });
    expect(seen).toEqual([7, 12]);
    expect(surface.sent[0]?.text).toContain('Talep #12 belongs to someone else');
  });

  it('tells a stale control and an unlinked person, without running the handler', async () => {
    const surface = recordingSurface();
    const handler = vi.fn(async () => undefined);
    await runWithNeeds(ix(surface), { talep: () => undefined }, handler);
    await runWithNeeds(ix(surface), { linked: true }, handler);
    expect(handler).not.toHaveBeenCalled();
    expect(surface.sent.map((sent) => sent.text)).toEqual([STALE_CONTROL_TEXT, 'Connect your help-desk account to use /talep.']);
  });

  it('actAs reports failures of work done after an ack on the surface given', async () => {
    await svc.stores.accounts.link('T1', 'U1', 'tok', { ...identity, role: 'agent' });
    const surface = recordingSurface();
    await actAs(ix(surface), async () => {
      throw new HelpdeskError('unavailable', 'down');
    });
    expect(surface.sent[0]?.text).toContain('not reachable');
  });
});
