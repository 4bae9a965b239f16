/**
 * The steps that work on one existing talep: add a comment, close it, find it. Each runs as the person
 * who ran the workflow (`linked`), and a talep they cannot reach is worded about that talep.
 */
import { isHelpdeskError } from '../../api/errors.js';
import { talepUrl } from '../../domain/talep-link.js';
import type { Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import { errorText, plainSentence } from '../../slack/failures.js';
import { onFunction, StepFailure } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { statusName } from '../../views/kit/words.js';
import { oncePerRun } from '../../slack/steps.js';
import { readInputs } from './inputs.js';
import { StepIds } from './step-ids.js';

/** "Talep #12 was not found", "Talep #12 belongs to someone else…": said as the step's failure. */
async function aboutTalep<T>(actor: Actor, talepId: number, m: Messages, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isHelpdeskError(error, 'not-found') || isHelpdeskError(error, 'forbidden')) {
      throw new StepFailure(plainSentence(errorText(error, { talepId, ...(actor.isAgent ? {} : { regularUser: true }) }, m)));
    }
    throw error;
  }
}

export const addCommentStep = onFunction(StepIds.addComment, { linked: true }, async (ctx) => {
  const m = messagesOf(ctx);
  const { talep_id: id, text, agents_only: agentsOnly } = readInputs(StepIds.addComment, ctx.inputs, m);
  const { actor, services } = ctx;
  return oncePerRun(ctx, 'workflow-add-comment', () =>
    aboutTalep(actor, id, m, async () => {
      await actor.hd.addComment({ id, body: text, ...(agentsOnly ? { forTechsOnly: true } : {}) });
      services.logger.info(`workflow step: comment on talep ${id} by ${actor.teamId}:${actor.userId}${agentsOnly ? ' (agents only)' : ''}`);
      return { talep_id: id, talep_url: talepUrl(id, services.talepUrlTemplate) };
    }),
  );
});

export const closeTalepStep = onFunction(StepIds.closeTalep, { linked: true }, async (ctx) => {
  const m = messagesOf(ctx);
  const { talep_id: id, notify_submitter: notify } = readInputs(StepIds.closeTalep, ctx.inputs, m);
  const { actor, services } = ctx;
  // Closing twice is closing once (the help desk's Close is a "set"): no reservation needed.
  return aboutTalep(actor, id, m, async () => {
    await actor.hd.closeTalep({ id, ...(notify === false ? { suppressNotification: true } : {}) });
    services.logger.info(`workflow step: talep ${id} closed by ${actor.teamId}:${actor.userId}`);
    return { talep_id: id, talep_url: talepUrl(id, services.talepUrlTemplate) };
  });
});

export const findTalepStep = onFunction(StepIds.findTalep, { linked: true }, async (ctx) => {
  const m = messagesOf(ctx);
  const { talep_id: id } = readInputs(StepIds.findTalep, ctx.inputs, m);
  const { actor, services } = ctx;
  const talep = await aboutTalep(actor, id, m, () => actor.hd.getTalep({ id }));
  const assignee = talep.AssigneeUserInfo;
  return {
    talep_id: talep.TalepID,
    subject: talep.Subject,
    // In the language of the person who ran the workflow, as every screen names them.
    status: statusName(talep, m),
    assignee: assignee ? (assignee.FullName ?? assignee.Username ?? m.t('steps.userNumbered', { id: assignee.UserID })) : m.t('steps.unassigned'),
    talep_url: talepUrl(talep, services.talepUrlTemplate),
  };
});
