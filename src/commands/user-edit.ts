/**
 * `/talep user edit <who>` and the card's Edit button (admins): a modal with every UpdateUser field,
 * prefilled from GET /User. It opens at once in a loading state (the trigger lasts 3 s), validates
 * locally with inline errors, sends only the fields the admin changed, and then shows the updated card
 * (in place of the card that opened it, else in the channel).
 *
 * Untouched fields are told apart without another help-desk call: private_metadata carries a short
 * fingerprint of each field's starting value, so a change someone else made meanwhile is not undone.
 */
import type { App, BlockAction, ButtonAction, webApi } from '@slack/bolt';
import * as z from 'zod';
import type { ParamsOf } from '../api/client.js';
import { resultView, workingView } from '../views/kit/states.js';
import { FORM_VALUE } from '../views/kit/inputs.js';
import {
  asShown,
  switchFields,
  type SwitchField,
  textFields,
  type TextField,
  USER_EDIT_TITLE,
  UserEditBlocks,
  type UserEditField,
  userEditLabels,
  userEditModal,
  type UserEditValues,
  userEditValues,
  userSavedView,
  type UserSwitch,
} from '../views/user-edit.js';
import { UserIds, userLabel } from '../views/users.js';
import { type Delivery, deliver, deliverySchema } from './assets-delivery.js';
import { fieldFingerprint, readElement, type StateValues } from '../slack/forms.js';
import { decodeMetadata, encodeMetadata } from '../slack/metadata.js';
import { type ModalRender, openLoadingModal, withModalSession } from './modal-session.js';
import { viaRespond } from './reply.js';
import type { Services } from '../slack/services.js';
import { type Session, type Who, whoActs } from './session.js';
import { cardFor, detailsById, emailSchema, labelOf } from './user-lookup.js';

// ── Pure parts ──────────────────────────────────────────────────────────────────────────────────

/** Every field but the password, which is never shown and so has no starting value to compare with. */
type ComparedField = Exclude<UserEditField, 'password'>;
const comparedFields = (Object.keys(UserEditBlocks) as UserEditField[]).filter((field): field is ComparedField => field !== 'password');
export type Fingerprints = Record<ComparedField, string>;

/** A field as the form submits it untouched: the basis of "did the admin change it". */
function asSubmitted(values: UserEditValues, field: ComparedField): string {
  const value = values[field];
  return typeof value === 'string' ? asShown(value) : value === undefined ? '' : String(value);
}

export function editFingerprints(values: UserEditValues): Fingerprints {
  return Object.fromEntries(comparedFields.map((field) => [field, fieldFingerprint(asSubmitted(values, field))])) as Fingerprints;
}

const PHONE = /^\+?[\d\s().\/-]{3,40}(?:\s*(?:x|ext\.?)\s*\d{1,6})?$/i;
/** The only token the spec names for greetings. */
const GREETING_TOKEN = '#FirstName#';

export type EditReading = { ok: true; value: UserEditValues } | { ok: false; errors: Record<string, string> };

/** The submitted form, or inline errors keyed by block id (a submission is untrusted input). */
export function readUserEditForm(state: StateValues): EditReading {
  const read = (field: UserEditField) => readElement(state[UserEditBlocks[field]]?.[FORM_VALUE]);
  const text = Object.fromEntries(textFields.map((field) => [field, read(field) ?? ''])) as Record<TextField, string>;
  const switches = Object.fromEntries(
    switchFields.map((field) => {
      const value = read(field);
      return [field, value === 'true' ? true : value === 'false' ? false : undefined];
    }),
  ) as Record<SwitchField, UserSwitch>;

  const errors: Record<string, string> = {};
  if (!text.username) errors[UserEditBlocks.username] = 'A user needs a user name.';
  else if (/\s/.test(text.username)) errors[UserEditBlocks.username] = 'A user name has no spaces.';
  if (!emailSchema.safeParse(text.email).success) errors[UserEditBlocks.email] = 'Enter a valid e-mail address.';
  if (text.phone && (!PHONE.test(text.phone) || (text.phone.match(/\d/g) ?? []).length < 3)) {
    errors[UserEditBlocks.phone] = 'Digits, spaces and + ( ) - . / only, e.g. +90 212 555 01 04.';
  }
  const otherTokens = [...text.greeting.matchAll(/#[A-Za-z]+#/g)].map((match) => match[0]).filter((token) => token !== GREETING_TOKEN);
  if (otherTokens.length > 0) {
    errors[UserEditBlocks.greeting] = `Only ${GREETING_TOKEN} is replaced (written exactly so); ${otherTokens.join(', ')} would be sent as it is.`;
  }
  return Object.keys(errors).length > 0 ? { ok: false, errors } : { ok: true, value: { ...text, ...switches } };
}

export type UserUpdate = Omit<ParamsOf<'updateUser'>, 'userId'>;

/**
 * Only what the admin changed, and which fields those are. An emptied text field is sent as '' (the
 * help desk clears it); a switch left as "unknown" is not sent; a password only when one was typed.
 */
export function changedUserParams(original: Fingerprints, values: UserEditValues): { params: UserUpdate; changed: UserEditField[] } {
  const now = editFingerprints(values);
  const params: UserUpdate = {};
  const changed: UserEditField[] = [];
  for (const field of textFields) {
    if (field === 'password' || now[field] === original[field]) continue;
    params[field] = values[field];
    changed.push(field);
  }
  for (const field of switchFields) {
    const value = values[field];
    if (now[field] === original[field] || value === undefined) continue;
    params[field] = value;
    changed.push(field);
  }
  if (values.password) {
    params.password = values.password;
    changed.push('password');
  }
  return { params, changed };
}

const editMetadata = z.object({
  id: z.int().min(1),
  /** Fingerprints of the values the form started with. */
  o: z.object(Object.fromEntries(comparedFields.map((field) => [field, z.string().max(20)])) as Record<ComparedField, z.ZodString>),
  to: deliverySchema,
});
type EditMetadata = z.infer<typeof editMetadata>;

// ── Opening ─────────────────────────────────────────────────────────────────────────────────────

/**
 * Opens the modal at once, then finds the user (`find`, as the acting user) and fills it in from
 * GET /User. Every failure (not an admin, nobody by that name) is told inside the modal.
 */
export async function openUserEdit(
  services: Services,
  who: Who,
  client: webApi.WebClient,
  triggerId: string,
  find: (session: Session) => Promise<number>,
  to: Delivery,
  subject: { label?: string } = {},
): Promise<void> {
  const opening = { triggerId, title: USER_EDIT_TITLE, loading: 'Reading the user…' };
  await openLoadingModal(services, who, client, opening, async (session, update) => {
    const userId = await find(session);
    const user = await session.hd.getUser({ userId });
    const values = userEditValues(user);
    const metadata = encodeMetadata({ id: userId, o: editFingerprints(values), to } satisfies EditMetadata);
    await update(userEditModal({ userId, subject: userLabel(labelOf(user)), values, metadata }));
  }, subject);
}

// ── Submitting ──────────────────────────────────────────────────────────────────────────────────

const userIdValue = z.coerce.number().int().min(1);

export function registerUserEdit(app: App, services: Services): void {
  // The card's Edit: the updated card replaces this one.
  app.action<BlockAction<ButtonAction>>(UserIds.cardEdit, async ({ ack, body, action, client, respond }) => {
    await ack();
    const id = userIdValue.safeParse(action.value);
    if (!id.success) {
      await viaRespond(respond).send({ text: ':warning: This button is out of date. Run `/talep user find` again.' });
      return;
    }
    const to: Delivery = { ...(body.response_url ? { u: body.response_url } : {}), ...(body.channel?.id ? { c: body.channel.id } : {}) };
    await openUserEdit(services, whoActs(body), client, body.trigger_id, async () => id.data, to, { label: `Help-desk user #${id.data}` });
  });

  app.view(UserIds.editCallback, async ({ ack, body, view, client }) => {
    if (body.type !== 'view_submission') return;
    const metadata = decodeMetadata(editMetadata, view.private_metadata);
    if (!metadata) {
      await ack({ response_action: 'update', view: resultView(USER_EDIT_TITLE, ':warning: This form is out of date. Open it again.') });
      return;
    }
    const form = readUserEditForm(view.state.values);
    if (!form.ok) {
      await ack({ response_action: 'errors', errors: form.errors });
      return;
    }
    const values = form.value;
    const { params, changed } = changedUserParams(metadata.o, values);
    if (changed.length === 0) {
      await ack({ response_action: 'update', view: resultView(USER_EDIT_TITLE, 'Nothing changed, so nothing was sent.') });
      return;
    }
    await ack({ response_action: 'update', view: workingView(USER_EDIT_TITLE, 'Saving…') });

    const who = whoActs(body);
    const subject = userLabel({ userId: metadata.id, username: values.username, email: values.email });
    const render: ModalRender = {
      working: (text) => workingView(USER_EDIT_TITLE, text),
      // The form again with what was typed, except the password (not shown twice).
      problem: (text) =>
        userEditModal({
          userId: metadata.id,
          subject,
          values: { ...values, password: '' },
          metadata: view.private_metadata,
          problem: values.password ? `${text} Type the new password again to change it.` : text,
        }),
    };
    const label = `Help-desk user #${metadata.id}`;
    await withModalSession(services, who, client, view.id, render, async (session, update) => {
      const updated = await session.hd.updateUser({ userId: metadata.id, ...params });
      const saved = userLabel(labelOf(updated));
      if (params.password !== undefined && session.account.helpdeskUserId === metadata.id) {
        // Their own token stopped working with the old password: nothing more can be read as them.
        await update(userSavedView(saved, changed, 'Your password changed, so your /talep connection stopped working: connect again with /talep connect.'));
        return;
      }
      await update(userSavedView(saved, changed, 'The updated card is in the conversation.'));
      await showUpdatedCard(services, session, client, metadata, changed);
    }, { label });
  });
}

/** The card after a save; the save itself already succeeded, so a failure here is only logged. */
async function showUpdatedCard(services: Services, session: Session, client: webApi.WebClient, metadata: EditMetadata, changed: UserEditField[]) {
  try {
    const { details, full } = await detailsById(session.hd, metadata.id);
    const notice = `:pencil2: Saved ${changed.map((field) => `*${userEditLabels[field]}*`).join(', ')}.`;
    await deliver(services, client, session.userId, metadata.to, await cardFor(session, details, { notice, full }), Boolean(metadata.to.u));
  } catch (error) {
    services.logger.warn(`user ${metadata.id} saved, but the updated card could not be shown`, error);
  }
}
