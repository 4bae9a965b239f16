/**
 * `/talep rules` (admins): a modal listing the automation rules this workspace registered, with
 * Enable/Disable/Remove buttons, an input to register another rule id, and the recent changes.
 *
 * The API reads, enables and disables a rule by id but cannot list rules, so the registry in the
 * store is the list; an id is kept only after GET /Rule/{id} succeeded. Permission is the help desk's
 * call: a 403 on any rule operation turns the modal into the "admins only" explanation. Everything
 * after the modal opened answers in the modal: the list again with the outcome (or the problem) on top.
 */
import { ok } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { formText } from '../../slack/forms.js';
import type { Actor } from '../../slack/actor.js';
import { type ActionCtx, buttonValue, type Listener, onAction, onSubmit } from '../../slack/listeners.js';
import { actAs } from '../../slack/middleware.js';
import { inLoadingModal } from '../../slack/modals.js';
import { route } from '../../slack/routes.js';
import type { ModalSurface } from '../../slack/surface.js';
import { escapeText, type ModalView } from '../../views/kit/blocks.js';
import { RuleIds, rulesAdminsOnlyView } from '../../views/rules/modal.js';
import { boardOf, readRule, refusal, requireAdmin, type RulesBoard } from './board.js';
import { parseRuleId } from './rows.js';

const TITLE = 'Automation rules';

/** Shows what `work` made in the modal; a refusal by the help desk shows "admins only" instead. Other failures go to the middleware. */
async function showIn(modal: ModalSurface, work: () => Promise<ModalView>): Promise<void> {
  try {
    await modal.update(await work());
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    await modal.update(rulesAdminsOnlyView(refused.reason));
  }
}

/** The buttons answer in the modal they are in (with its hash: an older update never wins over a newer one). */
const inRulesModal = { linked: true, modal: (ctx: ActionCtx) => boardOf(ctx.services).render(ctx.who.teamId) } as const;

interface RuleButtonScene {
  /** The rule the button is for. */
  id: number;
  actor: Actor;
  board: RulesBoard;
  teamId: string;
  userId: string;
}

/** A button on a rule's row: `work` makes the change as the person and gives the modal to show next. */
function ruleButton(actionId: string, work: (scene: RuleButtonScene) => Promise<ModalView>): Listener {
  return onAction(actionId, inRulesModal, async (ctx) => {
    const id = parseRuleId(buttonValue(ctx.action) ?? '');
    if (id === undefined) return;
    const scene = { id, actor: ctx.actor, board: boardOf(ctx.services), teamId: ctx.who.teamId, userId: ctx.who.userId };
    await showIn(ctx.surface, () => work(scene));
  });
}

function toggle(change: 'enabled' | 'disabled'): Listener {
  return ruleButton(change === 'enabled' ? RuleIds.enable : RuleIds.disable, async ({ id, actor, board, teamId, userId }) => {
    if (change === 'enabled') await actor.hd.enableRule({ id });
    else await actor.hd.disableRule({ id });
    await board.registry.recordToggle(teamId, id, change, userId);
    // Read it back: the help desk's own word on the new state when the rule carries it.
    board.remember(teamId, id, await readRule(actor, id));
    await board.load(actor, teamId, false);
    const snapshot = board.snapshot(teamId, id);
    const name = snapshot && 'summary' in snapshot ? ` *${escapeText(snapshot.summary.name?.trim() || '')}*` : '';
    return board.view(teamId, { banner: `:white_check_mark: Rule #${id}${name} ${change}.` });
  });
}

export const rulesArea: Area = {
  name: 'rules',
  routes: [
    route({
      path: 'rules',
      aliases: ['rule', 'automation'],
      usage: 'rules',
      summary: 'Automation rules: list the registered rules, enable or disable them, register a rule id',
      group: 'Administration',
      audience: 'admin',
      // Whatever follows the word opens the same modal.
      parse: () => ok(undefined),
      needs: { linked: true },
      run: async (ctx) => {
        const board = boardOf(ctx.services);
        const teamId = ctx.who.teamId;
        const opening = { triggerId: ctx.triggerId, title: TITLE, loading: 'Reading the rules from the help desk…', render: board.render(teamId) };
        await inLoadingModal(ctx, opening, async ({ actor, surface }) =>
          showIn(surface, async () => {
            // Nothing to read, so nothing the help desk could refuse: ask it whether this account is an admin.
            if ((await board.registry.ruleIds(teamId)).length === 0) await requireAdmin(actor);
            await board.load(actor, teamId, true);
            return board.view(teamId);
          }),
        );
      },
    }),
  ],
  listeners: [
    // "Add rule": the id is checked inline, then read from the help desk before it is kept.
    onSubmit(RuleIds.callbackId, async (ctx) => {
      const { ack, values } = ctx;
      const board = boardOf(ctx.services);
      const { teamId, userId } = ctx.who;
      const blockId = Object.keys(values).find((id) => id.startsWith(RuleIds.addBlockPrefix));
      const raw = blockId ? (formText(values, blockId, RuleIds.addInput) ?? '') : '';
      const id = parseRuleId(raw);
      if (blockId && id === undefined) {
        await ack({ response_action: 'errors', errors: { [blockId]: 'Type a rule id: a number such as 12.' } });
        return;
      }
      if (blockId && id !== undefined && (await board.registry.has(teamId, id))) {
        await ack({ response_action: 'errors', errors: { [blockId]: `Rule #${id} is already in the list.` } });
        return;
      }
      if (id === undefined) {
        await ack({ response_action: 'update', view: await board.view(teamId) });
        return;
      }
      await ack({ response_action: 'update', view: await board.view(teamId, { banner: `:hourglass_flowing_sand: Reading rule #${id}…`, addValue: raw }) });
      const surface = ctx.surface.withRender(board.render(teamId, { addValue: raw }));
      await actAs({ ...ctx, surface }, (actor) =>
        showIn(surface, async () => {
          const snapshot = await readRule(actor, id);
          if ('problem' in snapshot) {
            return board.view(teamId, { banner: `:mag: Rule #${id} was not added: ${escapeText(snapshot.problem)}.`, addValue: raw });
          }
          board.remember(teamId, id, snapshot);
          await board.registry.add(teamId, id, userId);
          await board.load(actor, teamId, false);
          const name = snapshot.summary.name?.trim() || `Rule #${id}`;
          return board.view(teamId, { banner: `:white_check_mark: Added rule #${id}: *${escapeText(name)}*.`, newInput: true });
        }),
      );
    }),
    toggle('enabled'),
    toggle('disabled'),
    ruleButton(RuleIds.remove, async ({ id, actor, board, teamId, userId }) => {
      // Removing touches only the bot's list, so ask the help desk whether this is an admin first.
      await requireAdmin(actor);
      const removed = await board.registry.remove(teamId, id, userId);
      board.forget(teamId, id);
      await board.load(actor, teamId, false);
      return board.view(teamId, {
        banner: removed
          ? `:wastebasket: Removed rule #${id} from the list. It is unchanged in the help desk.`
          : `Rule #${id} was not in the list.`,
      });
    }),
  ],
};
