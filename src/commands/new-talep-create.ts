/**
 * Creating a talep from a checked submission (after the modal was acked with "Creating…"): the
 * on-behalf-of user and the files first, then createTalep, then what can only follow it (a custom
 * priority, more files); the source message gets a thread reply, the user a confirmation. A failure
 * before the talep exists re-renders the form with a banner and the user's values.
 */
import type { webApi } from '@slack/bolt';
import { isHelpdeskError } from '../api/errors.js';
import { talepUrl } from '../api/talep-link.js';
import { SlackFileError } from '../slack/files.js';
import {
  alreadyOpenedView,
  type CreatedTalep,
  type ExistingTalep,
  newTalepCreatedMessage,
  newTalepCreatedView,
  newTalepCreatingView,
  newTalepProblemView,
  talepOpenedThreadReply,
} from '../views/new-talep-states.js';
import {
  type NewTalepMetadata,
  type SourceMessage,
  valuesFromState,
  type ViewStateValues,
} from '../views/new-talep-values.js';
import { modalSurface, viaModal } from './modal-surface.js';
import { bannerReply, connectText, formContextOf, sessionInModal } from './new-talep-form.js';
import { isStandardPriority, type NewTalepRequest } from './new-talep-request.js';
import { helpdeskPersonFor } from '../slack/people.js';
import { personProblem } from './session.js';
import { viaDirectMessage, viaEphemeral } from './reply.js';
import type { Services } from '../slack/services.js';
import { reportFailure, type Session, type Who } from './session.js';
import { attachable } from '../views/kit/slack-files.js';
import { attachUploads, attachWarnings, downloadFiles, reasonOf } from '../slack/uploads.js';

/** A failure the user can act on, that is not a help-desk error (a Slack user or file problem). */
function localProblem(error: unknown): string | undefined {
  return personProblem(error) ?? (error instanceof SlackFileError ? `:paperclip: ${error.message}` : undefined);
}

/** The talep this message already opened, if it still exists (a vanished one is forgotten). */
export async function existingTalepFor(
  services: Services,
  session: Session,
  source: Pick<SourceMessage, 'channelId' | 'ts'>,
): Promise<ExistingTalep | undefined> {
  const link = services.stores.messageTaleps.get(session.teamId, source.channelId, source.ts);
  if (!link) return undefined;
  try {
    const talep = await session.hd.getTalep({ id: link.talepId });
    return { id: talep.TalepID, subject: talep.Subject, url: talepUrl(talep, services.talepUrlTemplate) };
  } catch (error) {
    if (isHelpdeskError(error, 'not-found')) {
      await services.stores.messageTaleps.forget(session.teamId, source.channelId, source.ts);
      return undefined;
    }
    // It exists, but this user may not see it: still no duplicate, and no details.
    if (isHelpdeskError(error, 'forbidden')) return { id: link.talepId };
    throw error;
  }
}

/**
 * Creates the talep and attaches the rest. Everything that can fail for the user's input (on behalf
 * of, downloads, the creation itself) happens before or in createTalep; once the talep exists, later
 * failures become warnings, so a retry never makes a duplicate.
 */
export async function createFromRequest(
  services: Services,
  session: Session,
  client: webApi.WebClient,
  request: NewTalepRequest,
): Promise<CreatedTalep> {
  let onBehalfOf: number | undefined;
  if (request.onBehalfOf && request.onBehalfOf !== session.userId && session.isAgent) {
    onBehalfOf = (await helpdeskPersonFor(services, session, client, request.onBehalfOf)).helpdeskUserId;
  }
  const uploads = await downloadFiles(services, request.files);
  const [first, ...others] = uploads;
  const { id } = await session.hd.createTalep({
    categoryId: request.categoryId,
    subject: request.subject,
    body: request.body,
    priorityId: isStandardPriority(request.priorityId) ? request.priorityId : 0,
    ...(request.tags.length > 0 ? { tags: request.tags } : {}),
    ...(request.assigneeId !== undefined && session.isAgent ? { assignedToUserId: request.assigneeId } : {}),
    ...(onBehalfOf !== undefined && onBehalfOf !== session.account.helpdeskUserId ? { userId: onBehalfOf } : {}),
    ...(Object.keys(request.customFields).length > 0 ? { customFields: request.customFields } : {}),
    ...(first ? { uploadFile: first } : {}),
  });

  const warnings: string[] = [];
  if (!isStandardPriority(request.priorityId)) {
    // createTalep's priorityId takes -1..2 only; custom priorities are set right after.
    await session.hd
      .updateTalep({ id, priority: request.priorityId })
      .catch((error: unknown) => warnings.push(`The priority could not be set: ${reasonOf(error)}`));
  }
  warnings.push(...attachWarnings(await attachUploads(session, id, others)));
  let url = talepUrl(id, services.talepUrlTemplate);
  let subject = request.subject;
  try {
    const talep = await session.hd.getTalep({ id });
    url = talepUrl(talep, services.talepUrlTemplate);
    subject = talep.Subject;
  } catch (error) {
    services.logger.info(`talep ${id} created but could not be read back`, error);
  }
  return { id, subject, url, ...(warnings.length > 0 ? { warnings } : {}) };
}

/** Links the message to the talep and says so in its thread (id, subject, link: nothing private). */
async function linkSourceMessage(
  services: Services,
  session: Session,
  client: webApi.WebClient,
  source: SourceMessage,
  talep: CreatedTalep,
): Promise<boolean> {
  await services.stores.messageTaleps.set(session.teamId, source.channelId, source.ts, talep.id, session.userId);
  try {
    await client.chat.postMessage({ channel: source.channelId, thread_ts: source.threadTs ?? source.ts, ...talepOpenedThreadReply(talep) });
    return true;
  } catch (error) {
    services.logger.warn(`could not post the talep ${talep.id} link in ${source.channelId}`, error);
    return false;
  }
}

async function confirm(services: Services, client: webApi.WebClient, who: Who, channelId: string | undefined, talep: CreatedTalep) {
  const message = newTalepCreatedMessage(talep);
  const dm = () => viaDirectMessage(client, who.userId).send(message);
  try {
    if (channelId) await viaEphemeral(client, channelId, who.userId).send(message);
    else await dm();
  } catch {
    await dm().catch((error: unknown) => services.logger.warn('could not confirm the new talep', error));
  }
}

/** The submission, once acked: creates the talep and shows the result in the modal `viewId`. */
export async function submitNewTalep(
  services: Services,
  client: webApi.WebClient,
  who: Who,
  viewId: string,
  submitted: { metadata: NewTalepMetadata; state: ViewStateValues; request: NewTalepRequest },
): Promise<void> {
  const { metadata, request } = submitted;
  const surface = modalSurface(client, viewId);
  const session = sessionInModal(
    services,
    who,
    viaModal(surface, (message) => newTalepCreatingView(message.text), services),
  );
  if (!session) return surface.update(newTalepProblemView(connectText));
  const values = valuesFromState(submitted.state);
  const where = formContextOf(metadata);
  const hadUploads = request.files.length > attachable(metadata.source?.files ?? []).length;
  try {
    if (metadata.source) {
      // Someone may have opened a talep from the same message while this form was open.
      const existing = await existingTalepFor(services, session, metadata.source);
      if (existing) return surface.update(alreadyOpenedView(existing));
    }
    const talep = await createFromRequest(services, session, client, request);
    services.logger.info(`talep ${talep.id} created from Slack by ${who.teamId}:${who.userId}`);
    const threaded = metadata.source ? await linkSourceMessage(services, session, client, metadata.source, talep) : false;
    await surface.update(newTalepCreatedView(talep));
    if (!threaded) await confirm(services, client, who, metadata.channelId, talep);
  } catch (error) {
    const again = bannerReply(services, session, surface, values, where, hadUploads);
    const problem = localProblem(error);
    if (problem) {
      services.logger.info(`new talep refused locally for ${who.teamId}:${who.userId}: ${problem}`);
      await again.send({ text: problem });
    } else {
      await reportFailure(services, who, again, error);
    }
  }
}
