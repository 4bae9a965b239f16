/**
 * `/talep rules` (admins): a modal listing the automation rules this workspace registered, with
 * Enable/Disable/Remove buttons, an input to register another rule id, and the recent changes.
 *
 * The API reads, enables and disables a rule by id but cannot list rules, so the registry in the
 * store is the list; an id is kept only after GET /Rule/{id} succeeded. Permission is the help desk's
 * call: a 403 on any rule operation turns the modal into the "admins only" explanation. Everything
 * after the modal opened answers in the modal: the list again with the outcome (or the problem) on top.
 */
import type { Messages } from '../../i18n/messages.js';
import { ok } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { formText } from '../../slack/forms.js';
import type { Actor } from '../../slack/actor.js';
import { type ActionCtx, buttonValue, type Listener, onAction, onSubmit } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { actAs } from '../../slack/middleware.js';
import { inLoadingModal } from '../../slack/modals.js';
import { route } from '../../slack/routes.js';
import type { ModalSurface } from '../../slack/surface.js';
import { escapeText, type ModalView } from '../../views/kit/blocks.js';
import { RuleIds, rulesAdminsOnlyView } from '../../views/rules/modal.js';
import { boardOf, readRule, refusal, requireAdmin, type RulesBoard } from './board.js';
import { parseRuleId, problemText } from './rows.js';

/** Shows what `work` made in the modal; a refusal by the help desk shows "admins only" instead. Other failures go to the middleware. */
async function showIn(modal: ModalSurface, m: Messages, work: () => Promise<ModalView>): Promise<void> {
  try {
    await modal.update(await work());
  } catch (error) {
    const refused = refusal(error);
    if (!refused) throw error;
    await modal.update(rulesAdminsOnlyView(refused.explanation(m), m));
  }
}

/** The buttons answer in the modal they are in (with its hash: an older update never wins over a newer one). */
const inRulesModal = { linked: true, modal: (ctx: ActionCtx) => boardOf(ctx.services).render(ctx.who.teamId, {}, messagesOf(ctx)) } as const;

interface RuleButtonScene {
  /** The rule the button is for. */
  id: number;
  actor: Actor;
  board: RulesBoard;
  teamId: string;
  userId: string;
  /** The admin's words. */
  m: Messages;
}

/** A button on a rule's row: `work` makes the change as the person and gives the modal to show next. */
function ruleButton(actionId: string, work: (scene: RuleButtonScene) => Promise<ModalView>): Listener {
  return onAction(actionId, inRulesModal, async (ctx) => {
    const id = parseRuleId(buttonValue(ctx.action) ?? '');
    if (id === undefined) return;
    const m = messagesOf(ctx);
    const scene = { id, actor: ctx.actor, board: boardOf(ctx.services), teamId: ctx.who.teamId, userId: ctx.who.userId, m };
    await showIn(ctx.surface, m, () => work(scene));
  });
}

function toggle(change: 'enabled' | 'disabled'): Listener {
  return ruleButton(change === 'enabled' ? RuleIds.enable : RuleIds.disable, async ({ id, actor, board, teamId, userId, m }) => {
    if (change === 'enabled') await actor.hd.enableRule({ id });
    else await actor.hd.disableRule({ id });
    await board.registry.recordToggle(teamId, id, change, userId);
    // Read it back: the help desk's own word on the new state when the rule carries it.
    board.remember(teamId, id, await readRule(actor, id));
    await board.load(actor, teamId, false);
    const snapshot = board.snapshot(teamId, id);
    const named = snapshot && 'summary' in snapshot ? snapshot.summary.name?.trim() : undefined;
    const name = named ? ` *${escapeText(named)}*` : '';
    return board.view(teamId, { banner: m.t('rules.toggled', { id: String(id), name, change }) }, m);
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
        const m = messagesOf(ctx);
        const opening = { triggerId: ctx.triggerId, title: m.t('rules.title'), loading: m.t('rules.loading'), render: board.render(teamId, {}, m) };
        await inLoadingModal(ctx, opening, async ({ actor, surface }) =>
          showIn(surface, m, async () => {
            // Nothing to read, so nothing the help desk could refuse: ask it whether this account is an admin.
            if ((await board.registry.ruleIds(teamId)).length === 0) await requireAdmin(actor);
            await board.load(actor, teamId, true);
            return board.view(teamId, {}, m);
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
      const m = messagesOf(ctx);
      const blockId = Object.keys(values).find((id) => id.startsWith(RuleIds.addBlockPrefix));
      const raw = blockId ? (formText(values, blockId, RuleIds.addInput) ?? '') : '';
      const id = parseRuleId(raw);
      if (blockId && id === undefined) {
        await ack({ response_action: 'errors', errors: { [blockId]: m.t('rules.idError') } });
        return;
      }
      if (blockId && id !== undefined && (await board.registry.has(teamId, id))) {
        await ack({ response_action: 'errors', errors: { [blockId]: m.t('rules.alreadyListed', { id: String(id) }) } });
        return;
      }
      if (id === undefined) {
        await ack({ response_action: 'update', view: await board.view(teamId, {}, m) });
        return;
      }
      const shownId = String(id);
      await ack({ response_action: 'update', view: await board.view(teamId, { banner: m.t('rules.reading', { id: shownId }), addValue: raw }, m) });
      const surface = ctx.surface.withRender(board.render(teamId, { addValue: raw }, m));
      await actAs({ ...ctx, surface }, (actor) =>
        showIn(surface, m, async () => {
          const snapshot = await readRule(actor, id);
          if ('problem' in snapshot) {
            const problem = escapeText(problemText(snapshot.problem, m));
            return board.view(teamId, { banner: m.t('rules.notAdded', { id: shownId, problem }), addValue: raw }, m);
          }
          board.remember(teamId, id, snapshot);
          await board.registry.add(teamId, id, userId);
          await board.load(actor, teamId, false);
          const name = snapshot.summary.name?.trim() || m.t('rules.defaultName', { id: shownId });
          return board.view(teamId, { banner: m.t('rules.added', { id: shownId, name: escapeText(name) }), newInput: true }, m);
        }),
      );
    }),
    toggle('enabled'),
    toggle('disabled'),
    ruleButton(RuleIds.remove, async ({ id, actor, board, teamId, userId, m }) => {
      // Removing touches only the bot's list, so ask the help desk whether this is an admin first.
      await requireAdmin(actor);
      const removed = await board.registry.remove(teamId, id, userId);
      board.forget(teamId, id);
      await board.load(actor, teamId, false);
      return board.view(
        teamId,
        { banner: removed ? m.t('rules.removed', { id: String(id) }) : m.t('rules.notListed', { id: String(id) }) },
        m,
      );
    }),
  ],
};
