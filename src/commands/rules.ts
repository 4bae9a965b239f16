/**
 * `/talep rules` (admins): a modal listing the automation rules this workspace registered, with
 * Enable/Disable buttons, an input to register another rule id, and the recent changes.
 *
 * The API reads, enables and disables a rule by id but cannot list rules, so the registry in the
 * store is the list; an id is kept only after GET /Rule/{id} succeeded. Permission is the help desk's
 * call: a 403 on any rule operation turns the modal into the "admins only" explanation.
 */
import type { BlockAction, ButtonAction, webApi } from '@slack/bolt';
import { HelpdeskError, isHelpdeskError } from '../api/errors.js';
import { type AutomationRuleSummary, summarizeRule } from '../api/rules.js';
import type { RuleChange } from '../store/database.js';
import { escapeText, type ModalView } from '../views/kit/blocks.js';
import { errorText } from '../slack/failures.js';
import {
  RuleIds,
  type RuleRow,
  type RuleState,
  rulesAdminsOnlyView,
  rulesLoadingView,
  rulesModal,
  SHOWN_CHANGES,
} from '../views/rules.js';
import { ok } from './args.js';
import type { CommandModule } from './module.js';
import { type Session, type Who, whoActs } from './session.js';
import { withModalSession } from './modal-session.js';

/** What the bot last read of a rule: its summary, or why it could not be read. */
export type RuleSnapshot = { summary: AutomationRuleSummary } | { problem: string };

/** `12`, `#12` → 12; anything else undefined. */
export function parseRuleId(text: string): number | undefined {
  const match = /^#?(\d{1,9})$/.exec(text.trim());
  const id = match ? Number(match[1]) : 0;
  return id >= 1 ? id : undefined;
}

const withoutEmoji = (text: string) => text.replace(/^(:[\w+-]+:\s*)+/, '');

/** The state to show: the help desk's word when the rule says, else the last change made from Slack. */
export function ruleState(summary: AutomationRuleSummary | undefined, lastToggle: RuleChange | undefined): RuleState {
  if (typeof summary?.enabled === 'boolean') return { enabled: summary.enabled, source: 'help-desk' };
  if (lastToggle) return { enabled: lastToggle.change === 'enabled', source: 'slack', by: lastToggle.by, at: new Date(lastToggle.at) };
  return { source: 'unknown' };
}

export function ruleRow(id: number, snapshot: RuleSnapshot | undefined, lastToggle: RuleChange | undefined): RuleRow {
  if (!snapshot) return { id, state: ruleState(undefined, lastToggle), problem: 'not read yet' };
  if ('problem' in snapshot) return { id, state: ruleState(undefined, lastToggle), problem: snapshot.problem };
  return {
    id,
    name: snapshot.summary.name?.trim() || `Rule #${id}`,
    summary: summarizeRule(snapshot.summary),
    state: ruleState(snapshot.summary, lastToggle),
  };
}

/** Thrown when the help desk refuses a rule operation: the whole modal becomes the explanation. */
class AdminsOnly extends Error {
  constructor(readonly reason: string | undefined) {
    super('admins only');
  }
}

function refusal(error: unknown): AdminsOnly | undefined {
  return isHelpdeskError(error, 'forbidden') ? new AdminsOnly(error.reason) : undefined;
}

/** Reads one rule; a refusal is thrown, any other failure is remembered as the rule's problem. */
async function readRule(session: Session, id: number): Promise<RuleSnapshot> {
  try {
    return { summary: await session.hd.getRule({ id }) };
  } catch (error) {
    const refused = refusal(error);
    if (refused) throw refused;
    if (isHelpdeskError(error, 'not-found')) return { problem: 'the help desk has no rule with this id (deleted?)' };
    if (error instanceof HelpdeskError) return { problem: withoutEmoji(errorText(error)) };
    throw error;
  }
}

export const rulesModule: CommandModule = {
  name: 'rules',
  register({ app, services, router }) {
    const registry = services.stores.rules;
    /** `team:id` → the last read; lets a button re-render the list without reading every rule again. */
    const snapshots = new Map<string, RuleSnapshot>();
    const snapshotKey = (teamId: string, id: number) => `${teamId}:${id}`;
    let inputVersion = 0;

    function render(teamId: string, extras: { banner?: string; addValue?: string; newInput?: boolean } = {}): ModalView {
      if (extras.newInput) inputVersion += 1;
      const rules = registry
        .ruleIds(teamId)
        .map((id) => ruleRow(id, snapshots.get(snapshotKey(teamId, id)), registry.lastToggle(teamId, id)));
      const changes = registry.recentChanges(teamId, SHOWN_CHANGES).map((change) => ({ ...change, at: new Date(change.at) }));
      return rulesModal({
        rules,
        changes,
        inputVersion,
        ...(extras.banner ? { banner: extras.banner } : {}),
        ...(extras.addValue ? { addValue: extras.addValue } : {}),
      });
    }

    /** Reads the registered rules that are not in memory yet (or all of them). */
    async function load(session: Session, teamId: string, all: boolean): Promise<void> {
      const ids = registry.ruleIds(teamId).filter((id) => all || !snapshots.has(snapshotKey(teamId, id)));
      const read = await Promise.all(ids.map(async (id) => [id, await readRule(session, id)] as const));
      for (const [id, snapshot] of read) snapshots.set(snapshotKey(teamId, id), snapshot);
    }

    /**
     * Runs rule work behind the modal: a refusal shows "admins only", other failures re-render the
     * list with the reason on top. `hash` (from a button) guards against overwriting a newer view.
     */
    async function inModal(
      who: Who,
      client: webApi.WebClient,
      view: { id: string; hash?: string },
      work: (session: Session) => Promise<ModalView>,
      problemExtras: { addValue?: string } = {},
    ): Promise<void> {
      const update = async (next: ModalView) => {
        try {
          await client.views.update({ view_id: view.id, ...(view.hash ? { hash: view.hash } : {}), view: next });
        } catch (error) {
          // Someone (another click) updated the modal since: ours is newer, so it wins.
          if (!(view.hash && String((error as { data?: { error?: string } }).data?.error) === 'hash_conflict')) throw error;
          await client.views.update({ view_id: view.id, view: next });
        }
      };
      await withModalSession(
        services,
        who,
        client,
        view.id,
        {
          working: (text) => rulesLoadingView(text),
          problem: (text) => render(who.teamId, { banner: `:warning: ${escapeText(text)}`, ...problemExtras }),
        },
        async (session) => {
          try {
            await update(await work(session));
          } catch (error) {
            const refused = error instanceof AdminsOnly ? error : refusal(error);
            if (!refused) throw error;
            await update(rulesAdminsOnlyView(refused.reason));
          }
        },
      );
    }

    router.add({
      name: 'rules',
      aliases: ['rule', 'automation'],
      usage: 'rules',
      summary: 'Automation rules: list the registered rules, enable or disable them, register a rule id',
      group: 'Administration',
      audience: 'admin',
      parse: () => ok(undefined),
      run: async ({ asUser, client, triggerId, teamId, userId }) =>
        asUser(async () => {
          const opened = await client.views.open({ trigger_id: triggerId, view: rulesLoadingView() });
          const viewId = opened.view?.id;
          if (!viewId) return;
          await inModal({ teamId, userId }, client, { id: viewId }, async (session) => {
            if (registry.ruleIds(teamId).length === 0) {
              // Nothing to read, so nothing the help desk could refuse: ask it whether this account is an admin.
              const me = await session.hd.authorization();
              if (!me.IsAdmin) throw new AdminsOnly(`${me.Username} is not a help-desk administrator.`);
            }
            await load(session, teamId, true);
            return render(teamId);
          });
        }),
    });

    app.view(RuleIds.callbackId, async ({ ack, body, view, client }) => {
      if (body.type !== 'view_submission') return;
      const { teamId } = whoActs(body);
      const [blockId, input] =
        Object.entries(view.state.values).find(([id]) => id.startsWith(RuleIds.addBlockPrefix)) ?? [];
      const raw = input?.[RuleIds.addInput]?.value?.trim() ?? '';
      const id = parseRuleId(raw);
      if (blockId && id === undefined) {
        await ack({ response_action: 'errors', errors: { [blockId]: 'Type a rule id: a number such as 12.' } });
        return;
      }
      if (blockId && id !== undefined && registry.has(teamId, id)) {
        await ack({ response_action: 'errors', errors: { [blockId]: `Rule #${id} is already in the list.` } });
        return;
      }
      if (id === undefined) {
        await ack({ response_action: 'update', view: render(teamId) });
        return;
      }
      await ack({ response_action: 'update', view: render(teamId, { banner: `:hourglass_flowing_sand: Reading rule #${id}…`, addValue: raw }) });
      await inModal({ teamId, userId: body.user.id }, client, { id: view.id }, async (session) => {
        const snapshot = await readRule(session, id);
        if ('problem' in snapshot) {
          return render(teamId, { banner: `:mag: Rule #${id} was not added: ${escapeText(snapshot.problem)}.`, addValue: raw });
        }
        snapshots.set(snapshotKey(teamId, id), snapshot);
        await registry.add(teamId, id, body.user.id);
        await load(session, teamId, false);
        const name = snapshot.summary.name?.trim() || `Rule #${id}`;
        return render(teamId, { banner: `:white_check_mark: Added rule #${id}: *${escapeText(name)}*.`, newInput: true });
      }, { addValue: raw });
    });

    const toggle = (change: 'enabled' | 'disabled') =>
      app.action<BlockAction<ButtonAction>>(change === 'enabled' ? RuleIds.enable : RuleIds.disable, async ({ ack, body, action, client }) => {
        await ack();
        const id = parseRuleId(action.value ?? '');
        if (id === undefined || !body.view) return;
        const teamId = body.team?.id ?? body.user.team_id ?? body.view.team_id;
        await inModal({ teamId, userId: body.user.id }, client, { id: body.view.id, hash: body.view.hash }, async (session) => {
          if (change === 'enabled') await session.hd.enableRule({ id });
          else await session.hd.disableRule({ id });
          await registry.recordToggle(teamId, id, change, body.user.id);
          // Read it back: the help desk's own word on the new state when the rule carries it.
          snapshots.set(snapshotKey(teamId, id), await readRule(session, id));
          await load(session, teamId, false);
          const snapshot = snapshots.get(snapshotKey(teamId, id));
          const name = snapshot && 'summary' in snapshot ? ` *${escapeText(snapshot.summary.name?.trim() || '')}*` : '';
          return render(teamId, { banner: `:white_check_mark: Rule #${id}${name} ${change}.` });
        });
      });
    toggle('enabled');
    toggle('disabled');

    app.action<BlockAction<ButtonAction>>(RuleIds.remove, async ({ ack, body, action, client }) => {
      await ack();
      const id = parseRuleId(action.value ?? '');
      if (id === undefined || !body.view) return;
      const teamId = body.team?.id ?? body.user.team_id ?? body.view.team_id;
      await inModal({ teamId, userId: body.user.id }, client, { id: body.view.id, hash: body.view.hash }, async (session) => {
        // Removing touches only the bot's list, so ask the help desk whether this is an admin first.
        const me = await session.hd.authorization();
        if (!me.IsAdmin) throw new AdminsOnly(`${me.Username} is not a help-desk administrator.`);
        const removed = await registry.remove(teamId, id, body.user.id);
        snapshots.delete(snapshotKey(teamId, id));
        await load(session, teamId, false);
        return render(teamId, {
          banner: removed
            ? `:wastebasket: Removed rule #${id} from the list. It is unchanged in the help desk.`
            : `Rule #${id} was not in the list.`,
        });
      });
    });
  },
};
