/**
 * `/talep asset …`: search assets by name prefix (paged), show the asset card, create and edit assets,
 * relate them to taleps. The card's actions, the form, the link modal and the custom-fields form live in
 * ./assets-*.ts; this module parses the sub-command and registers them all.
 *
 * Asset operations need agent permission: a regular user gets the help desk's refusal, explained.
 */
import type { BlockAction, ButtonAction } from '@slack/bolt';
import { ASSET_PREFIX_MIN, AssetIds, type AssetQuery } from '../views/assets.js';
import { fail, firstWord, ok, type Parsed, parseTalepId } from './args.js';
import { assetCardFor, assetListFor, assetSubject, registerAssetCards } from './assets-cards.js';
import { registerAssetFields } from './assets-fields.js';
import { openAssetForm, registerAssetForm } from './assets-form.js';
import { relateAsset, registerAssetLinks } from './assets-link.js';
import type { CommandModule } from './module.js';
import { viaRespond } from './reply.js';
import { whoActs, withSession } from './session.js';

export type AssetCommand =
  | { kind: 'list'; query: AssetQuery }
  | { kind: 'show' | 'edit'; assetId: number }
  | { kind: 'new' }
  | { kind: 'link' | 'unlink'; assetId: number; talepId: number };

export const ASSET_USAGE = 'asset <prefix> [all] | show <id> | new | edit <id> | link|unlink <assetId> <talepId>';

/** Longer prefixes are no use for a name search and would bloat the paging buttons. */
const PREFIX_MAX = 100;

/** `dell latitude all` → prefix "dell latitude", retired included. */
export function parseAssetQuery(text: string): Parsed<AssetQuery> {
  const words = text.trim().split(/\s+/).filter(Boolean);
  let includeDisabled = false;
  // `all` counts as the flag only at the end (`--all` / `-a` anywhere), so "all-in-one" or "Allen" still search.
  const kept = words.filter((word, index) => {
    const lower = word.toLowerCase();
    const flag = lower === '--all' || lower === '-a' || (lower === 'all' && index === words.length - 1);
    if (flag) includeDisabled = true;
    return !flag;
  });
  const prefix = kept.join(' ');
  if (prefix.length < ASSET_PREFIX_MIN) {
    return fail(
      prefix
        ? `“${prefix}” is too short: the help desk searches assets by at least ${ASSET_PREFIX_MIN} characters of the model or manufacturer.`
        : `Type at least ${ASSET_PREFIX_MIN} characters of a model or manufacturer, e.g. \`/talep asset thinkpad\`.`,
    );
  }
  if (prefix.length > PREFIX_MAX) return fail(`A name prefix of at most ${PREFIX_MAX} characters, please.`);
  return ok({ prefix, includeDisabled, page: 1 });
}

const verbs = new Set(['show', 'edit', 'new', 'create', 'link', 'unlink', 'search', 'find']);

export function parseAssetCommand(text: string): Parsed<AssetCommand> {
  const [word, rest] = firstWord(text);
  const verb = word.toLowerCase();
  if (!verbs.has(verb)) {
    const query = parseAssetQuery(text);
    return query.ok ? ok({ kind: 'list', query: query.value }) : query;
  }
  switch (verb) {
    case 'search':
    case 'find': {
      const query = parseAssetQuery(rest);
      return query.ok ? ok({ kind: 'list', query: query.value }) : query;
    }
    case 'new':
    case 'create':
      return rest ? fail('`asset new` takes no arguments: it opens the form.') : ok({ kind: 'new' });
    case 'show':
    case 'edit': {
      const id = parseTalepId(rest, 'asset id');
      return id.ok ? ok({ kind: verb, assetId: id.value }) : id;
    }
    default: {
      const kind = verb === 'unlink' ? 'unlink' : 'link';
      const [assetText, talepText] = firstWord(rest);
      const assetId = parseTalepId(assetText, 'asset id');
      if (!assetId.ok) return assetId;
      const talepId = parseTalepId(talepText, 'talep id');
      return talepId.ok ? ok({ kind, assetId: assetId.value, talepId: talepId.value }) : fail(`${kind === 'link' ? 'Link to' : 'Unlink from'} which talep? ${talepId.error}`);
    }
  }
}

export const assetsModule: CommandModule = {
  name: 'assets',
  register({ app, services, router, listen }) {
    router.add<AssetCommand>({
      name: 'asset',
      aliases: ['assets'],
      usage: ASSET_USAGE,
      summary: 'Find assets by name, show one (assign, retire, custom fields), create, edit, relate to taleps',
      group: 'Assets',
      audience: 'agent',
      parse: parseAssetCommand,
      run: async ({ asUser, reply, client, triggerId, channelId }, command) => {
        switch (command.kind) {
          case 'list':
            return asUser(async (session) => reply.send(await assetListFor(session, command.query)));
          case 'show':
            return asUser(async (session) => reply.send(await assetCardFor(session, command.assetId)), assetSubject(command.assetId));
          case 'new':
          case 'edit': {
            const target = command.kind === 'new' ? { mode: 'new' as const } : { mode: 'edit' as const, assetId: command.assetId };
            return asUser((session) => openAssetForm(services, session, client, triggerId, reply, target, { c: channelId }));
          }
          case 'link':
          case 'unlink':
            // No subject: the help desk's reason says which of the two was not found.
            return asUser(async (session) => reply.send(await relateAsset(session, command.kind === 'link', command.assetId, command.talepId)));
        }
      },
    });

    // The card's Edit button: the edited card replaces this one.
    app.action<BlockAction<ButtonAction>>(AssetIds.edit, async ({ ack, body, action, respond, client }) => {
      await ack();
      const assetId = /^\d{1,9}$/.test(action.value ?? '') ? Number(action.value) : undefined;
      if (assetId === undefined) return;
      const reply = viaRespond(respond);
      await withSession(services, whoActs(body), reply, (session) =>
        openAssetForm(services, session, client, body.trigger_id, reply, { mode: 'edit', assetId }, {
          ...(body.response_url ? { u: body.response_url } : {}),
          ...(body.channel?.id ? { c: body.channel.id } : {}),
        }),
      );
    });

    registerAssetCards(app, services);
    registerAssetForm(app, services);
    registerAssetLinks(app, services);
    registerAssetFields(app, services, listen);
  },
};
