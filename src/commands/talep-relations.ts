/**
 * How taleps relate: `/talep link|unlink <id> <id2>` ("related" links), `merge <id> <into>` (asks
 * first: irreversible), `sub add|remove|list` (sub-taleps, one level deep), `parent <id>`, and
 * `relations <id>` (parent, sub-taleps and related taleps with Show / Detach / Unlink buttons; also the
 * card's "More").
 *
 * Linking, merging and sub-taleps need agent permission; the help desk decides and `withSession`
 * explains a refusal. Merging is the exception that asks locally first: a confirmation only to be
 * refused afterwards would waste the user's time.
 */
import type { App } from '@slack/bolt';
import * as z from 'zod';
import { isHelpdeskError } from '../api/errors.js';
import { rowActionPattern, type SlackMessage } from '../views/kit/blocks.js';
import type { ErrorSubject } from '../slack/failures.js';
import {
  mergeCancelledMessage,
  mergeConfirmation,
  mergedNotice,
  mergeNeedsAgentText,
  MAX_ROWS,
  noParentText,
  oneLevelText,
  parseTalepPair,
  RelationIds,
  type RelationsData,
  relationsMessage,
  rowOf,
  subTaleps,
  type TalepRow,
} from '../views/talep-relations.js';
import { fail, firstWord, ok, type Parsed, parseTalepId } from './args.js';
import type { CommandModule } from './module.js';
import { type Reply, viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import type { Session } from './session.js';
import { buttonValue, cardMessage, forTalep, interactionContext, replaceWith, surfaceOf } from './legacy-card.js';

// ── parsers (pure) ───────────────────────────────────────────────────────────────────────────────

/** `<id> <id2>` (either may carry `#`); the two must differ. `joiner` is an optional word between them, e.g. `into`. */
export function parseTalepPairArgs(text: string, same: string, joiner?: string): Parsed<[number, number]> {
  const [first, rest] = firstWord(text);
  const a = parseTalepId(first);
  if (!a.ok) return a;
  let [second, extra] = firstWord(rest);
  if (joiner && second.toLowerCase() === joiner) [second, extra] = firstWord(extra);
  if (!second) return fail('Name two taleps, e.g. `12 34`.');
  const b = parseTalepId(second);
  if (!b.ok) return b;
  if (extra) return fail(`Only two talep ids, please; got “${extra}” after them.`);
  return a.value === b.value ? fail(same) : ok([a.value, b.value]);
}

export const parseLinkArgs = (text: string): Parsed<[number, number]> => parseTalepPairArgs(text, 'A talep cannot be related to itself.');

export interface MergeArgs {
  /** Deleted by the merge. */
  merged: number;
  /** Keeps everything. */
  into: number;
}

/** `merge <id> <into>` or `merge <id> into <into>`. */
export function parseMergeArgs(text: string): Parsed<MergeArgs> {
  const pair = parseTalepPairArgs(text, 'A talep cannot be merged into itself.', 'into');
  return pair.ok ? ok({ merged: pair.value[0], into: pair.value[1] }) : pair;
}

export type SubArgs = { kind: 'add' | 'remove'; parentId: number; childId: number } | { kind: 'list'; talepId: number };

const subVerbs: Record<string, 'add' | 'remove' | 'list'> = {
  add: 'add', attach: 'add',
  remove: 'remove', rm: 'remove', detach: 'remove', delete: 'remove',
  list: 'list', ls: 'list', show: 'list',
};

/** `sub add <parent> <child>`, `sub remove <parent> <child>`, `sub list <id>` (or just `sub <id>`). */
export function parseSubArgs(text: string): Parsed<SubArgs> {
  const [word, rest] = firstWord(text);
  const verb = subVerbs[word.toLowerCase()];
  if (!verb) {
    const id = parseTalepId(word);
    if (id.ok && !rest) return ok({ kind: 'list', talepId: id.value });
    return fail('Try `sub add <parent> <child>`, `sub remove <parent> <child>` or `sub list <id>`.');
  }
  if (verb === 'list') {
    const id = parseTalepId(rest);
    return id.ok ? ok({ kind: 'list', talepId: id.value }) : id;
  }
  const pair = parseTalepPairArgs(rest, 'A talep cannot be its own sub-talep.');
  return pair.ok ? ok({ kind: verb, parentId: pair.value[0], childId: pair.value[1] }) : pair;
}

/** A single talep id and nothing else (`parent`, `relations`). */
export function parseSingleTalep(text: string): Parsed<number> {
  const [word, rest] = firstWord(text);
  if (rest) return fail(`Only a talep id, please; got “${rest}” after it.`);
  return parseTalepId(word);
}

// ── loading ──────────────────────────────────────────────────────────────────────────────────────

/** GUESSED extra of the talep record (the sandbox sends it); without it related taleps cannot be listed. */
const relatedIds = z.array(z.int().min(1));

/** The parent's id from ParentTalep, whichever form the help desk answered in. */
function parentIdOf(parent: Awaited<ReturnType<Session['hd']['parentTalep']>>): number | undefined {
  if (parent === null) return undefined;
  return typeof parent === 'number' ? parent : parent.TalepID;
}

export async function loadRelations(session: Session, talepId: number): Promise<RelationsData> {
  const [talep, parent, subs] = await Promise.all([
    session.hd.getTalep({ id: talepId }),
    session.hd.parentTalep({ id: talepId, returnFullTalep: true }),
    session.hd.subTaleps({ id: talepId }),
  ]);
  const parentRow: TalepRow | null = parent === null ? null : typeof parent === 'number' ? { id: parent } : rowOf(parent);
  const ids = relatedIds.safeParse(talep['RelatedTalepIDs']);
  // Related taleps come as bare ids: read them for their subjects, but a gone or hidden one is still listed.
  const related = ids.success
    ? await Promise.all(ids.data.slice(0, MAX_ROWS).map((id) => session.hd.getTalep({ id }).then(rowOf, (): TalepRow => ({ id }))))
    : undefined;
  return { talepId, parent: parentRow, subs: subs.map(rowOf), ...(related ? { related } : {}), canEdit: session.isAgent };
}

export async function relationsFor(session: Session, talepId: number, notice?: string): Promise<SlackMessage> {
  return relationsMessage(await loadRelations(session, talepId), notice);
}

async function subTalepsFor(session: Session, parentId: number, notice?: string): Promise<SlackMessage> {
  const subs = await session.hd.subTaleps({ id: parentId });
  return subTaleps(parentId, subs.map(rowOf), session.isAgent, notice);
}

// ── the work ─────────────────────────────────────────────────────────────────────────────────────

const linkedNotice = (a: number, b: number) => `:link: Taleps #${a} and #${b} are now related.`;
const unlinkedNotice = (a: number, b: number) => `:heavy_minus_sign: Taleps #${a} and #${b} are no longer related.`;
const detachedNotice = (parent: number, child: number) => `:heavy_minus_sign: Talep #${child} is no longer a sub-talep of #${parent}.`;

/** AddSubTalep; a 400 is the one-level rule (or a talep that already has a parent), explained. */
async function addSubTalep(session: Session, reply: Reply, parentId: number, childId: number): Promise<void> {
  try {
    await session.hd.addSubTalep({ id: parentId, subTalepId: childId });
  } catch (error) {
    if (!isHelpdeskError(error, 'invalid') || error.source !== 'server') throw error;
    await reply.send({ text: oneLevelText(parentId, childId, error.reason) });
    return;
  }
  await reply.send(await subTalepsFor(session, parentId, `:evergreen_tree: Talep #${childId} is now a sub-talep of #${parentId}.`));
}

async function merge(services: Services, session: Session, merged: number, into: number): Promise<SlackMessage> {
  await session.hd.mergeTaleps({ id: into, id2: merged });
  // A message that opened the deleted talep may open a new one now (the duplicate guard must not point at it).
  const forgotten = await services.stores.messageTaleps.forgetTalep(merged);
  if (forgotten > 0) services.logger.info(`forgot ${forgotten} message link(s) to merged talep ${merged}`);
  return cardMessage(services, session, into, 'ephemeral', mergedNotice(merged, into));
}

/** Work about two taleps: a "not found" may be about either. */
const pairSubject = (a: number, b: number): ErrorSubject => ({ label: `Talep #${a} or #${b}` });

/** A button whose value is a talep pair; its answer replaces the message it sits on. */
function onPairButton(
  app: App,
  services: Services,
  actionId: string | RegExp,
  work: (session: Session, pair: [number, number], reply: Reply) => Promise<SlackMessage | undefined>,
): void {
  app.action(actionId, async ({ ack, body, action, respond }) => {
    await ack();
    if (body.type !== 'block_actions') return;
    const reply = viaRespond(respond);
    const pair = parseTalepPair(buttonValue(action));
    if (!pair) {
      await reply.send({ text: ':warning: That button is out of date. Run the command again.' });
      return;
    }
    const surface = surfaceOf(body);
    await forTalep(interactionContext(services, body, reply), pair[0], async (session) => {
      const message = await work(session, pair, reply);
      if (message) await replaceWith(respond, surface, message);
    }, pairSubject(...pair));
  });
}

// ── the module ───────────────────────────────────────────────────────────────────────────────────

export const talepRelationsModule: CommandModule = {
  name: 'talep-relations',
  register({ app, services, router }) {
    const group = 'Talep relations';

    router.add<number>({
      name: 'relations',
      aliases: ['related'],
      usage: 'relations <id>',
      summary: 'Parent, sub-taleps and related taleps of a talep',
      group,
      audience: 'everyone',
      parse: parseSingleTalep,
      run: (context, talepId) => forTalep(context, talepId, async (session) => context.reply.send(await relationsFor(session, talepId))),
    });

    for (const linking of [true, false]) {
      router.add<[number, number]>({
        name: linking ? 'link' : 'unlink',
        usage: `${linking ? 'link' : 'unlink'} <id> <id2>`,
        summary: linking ? 'Mark two taleps as related' : 'Remove the "related" link between two taleps',
        group,
        audience: 'agent',
        parse: parseLinkArgs,
        run: (context, [a, b]) =>
          forTalep(context, a, async (session) => {
            await (linking ? session.hd.linkTaleps({ id: a, id2: b }) : session.hd.unlinkTaleps({ id: a, id2: b }));
            await context.reply.send(await relationsFor(session, a, linking ? linkedNotice(a, b) : unlinkedNotice(a, b)));
          }, pairSubject(a, b)),
      });
    }

    router.add<MergeArgs>({
      name: 'merge',
      usage: 'merge <id> <into>',
      summary: 'Merge a talep into another (asks first; the first talep is deleted, irreversibly)',
      group,
      audience: 'agent',
      parse: parseMergeArgs,
      run: (context, { merged, into }) =>
        forTalep(context, merged, async (session) => {
          if (!session.isAgent) return context.reply.send({ text: mergeNeedsAgentText });
          // Both are read first: the confirmation names them, and a wrong id fails before anyone confirms.
          const [from, to] = await Promise.all([session.hd.getTalep({ id: merged }), session.hd.getTalep({ id: into })]);
          await context.reply.send(mergeConfirmation(rowOf(from), rowOf(to)));
        }, pairSubject(merged, into)),
    });

    router.add<SubArgs>({
      name: 'sub',
      aliases: ['subs', 'subtalep', 'subtaleps'],
      usage: 'sub add|remove <parent> <child> · sub list <id>',
      summary: 'Sub-taleps (one level deep): add, remove, list',
      group,
      audience: 'everyone',
      parse: parseSubArgs,
      run: (context, args) => {
        const { reply } = context;
        if (args.kind === 'list') {
          const { talepId } = args;
          return forTalep(context, talepId, async (session) => reply.send(await subTalepsFor(session, talepId)));
        }
        const { parentId, childId } = args;
        return forTalep(context, parentId, async (session) => {
          if (args.kind === 'add') return addSubTalep(session, reply, parentId, childId);
          await session.hd.removeSubTalep({ id: parentId, subTalepId: childId });
          await reply.send(await subTalepsFor(session, parentId, detachedNotice(parentId, childId)));
        }, pairSubject(parentId, childId));
      },
    });

    router.add<number>({
      name: 'parent',
      usage: 'parent <id>',
      summary: "The card of a sub-talep's parent",
      group,
      audience: 'everyone',
      parse: parseSingleTalep,
      run: (context, talepId) =>
        forTalep(context, talepId, async (session) => {
          const { reply } = context;
          const parentId = parentIdOf(await session.hd.parentTalep({ id: talepId, returnFullTalep: true }));
          if (parentId === undefined) return reply.send({ text: noParentText(talepId) });
          await reply.send(await cardMessage(services, session, parentId, 'ephemeral', `:arrow_up: Talep #${parentId} is the parent of #${talepId}.`));
        }),
    });

    // ── buttons ──

    onPairButton(app, services, rowActionPattern(RelationIds.unlink), async (session, [a, b]) => {
      await session.hd.unlinkTaleps({ id: a, id2: b });
      return relationsFor(session, a, unlinkedNotice(a, b));
    });

    onPairButton(app, services, rowActionPattern(RelationIds.detach), async (session, [parent, child]) => {
      await session.hd.removeSubTalep({ id: parent, subTalepId: child });
      return relationsFor(session, parent, detachedNotice(parent, child));
    });

    onPairButton(app, services, RelationIds.mergeConfirm, async (session, [merged, into], reply) => {
      if (!session.isAgent) {
        await reply.send({ text: mergeNeedsAgentText });
        return undefined;
      }
      return merge(services, session, merged, into);
    });

    app.action(RelationIds.mergeCancel, async ({ ack, action, respond }) => {
      await ack();
      const pair = parseTalepPair(buttonValue(action));
      await respond({
        response_type: 'ephemeral',
        replace_original: true,
        ...(pair ? mergeCancelledMessage(...pair) : { text: 'Cancelled; nothing changed.' }),
      });
    });
  },
};
