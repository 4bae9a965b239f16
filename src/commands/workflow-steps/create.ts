/**
 * "Create a talep": category (a name or an id, as the person may use it), subject, body, priority
 * (low, normal, high, critical; default normal) and, for agents, "on behalf of" a Slack user. Runs as
 * the person who ran the workflow; a repeat of the same run answers with the talep it created.
 */
import { resolveCategoryIds } from '../../domain/categories.js';
import { parsePriority, PriorityId } from '../../domain/priority.js';
import { talepUrl } from '../../domain/talep-link.js';
import { parseProblemText } from '../../i18n/parse-problems.js';
import { onFunction, StepFailure } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { helpdeskPersonFor } from '../../slack/people.js';
import { oncePerRun } from '../../slack/steps.js';
import { inputFailure, readInputs } from './inputs.js';
import { StepIds } from './step-ids.js';

export const createTalepStep = onFunction(StepIds.createTalep, { linked: true }, async (ctx) => {
  const m = messagesOf(ctx);
  const input = readInputs(StepIds.createTalep, ctx.inputs, m);
  const { actor, services } = ctx;
  const priority = input.priority ? parsePriority(input.priority) : undefined;
  if (priority && !priority.ok) throw inputFailure('priority', 'priority', m);
  const onBehalf = input.on_behalf_of && input.on_behalf_of !== actor.userId ? input.on_behalf_of : undefined;
  if (onBehalf && !actor.isAgent) throw new StepFailure(m.t('steps.onBehalfAgentsOnly'));

  return oncePerRun(ctx, 'workflow-create-talep', async () => {
    const category = resolveCategoryIds([input.category], await actor.hd.categories());
    if (!category.ok) throw new StepFailure(parseProblemText(category.error, messagesOf(ctx)));
    const [categoryId] = category.value;
    if (categoryId === undefined) throw new StepFailure(m.t('steps.noCategory', { name: input.category }));
    const submitter = onBehalf ? (await helpdeskPersonFor(services, actor, ctx.client, onBehalf, messagesOf(ctx))).helpdeskUserId : undefined;
    const { id } = await actor.hd.createTalep({
      categoryId,
      subject: input.subject,
      body: input.body,
      priorityId: PriorityId[priority?.ok ? priority.value : 'normal'],
      ...(submitter !== undefined && submitter !== actor.helpdeskUserId ? { userId: submitter } : {}),
    });
    services.logger.info(`workflow step: talep ${id} created by ${actor.teamId}:${actor.userId}`);
    return { talep_id: id, talep_url: talepUrl(id, services.talepUrlTemplate) };
  });
});
