/**
 * The edit-user form's state, pure: reading a submission (untrusted input) with inline errors, and
 * deciding what the admin changed. Untouched fields are told apart without another help-desk call:
 * private_metadata carries a short fingerprint of each field's starting value, so a change someone else
 * made meanwhile is not undone.
 */
import * as z from 'zod';
import type { ParamsOf } from '../../api/client.js';
import { english, type Messages } from '../../i18n/messages.js';
import { fieldFingerprint, formErrors, type FormReading, formText, formValues, type StateValues } from '../../slack/forms.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { type SurfaceRef, surfaceRefSchema } from '../../slack/surface.js';
import {
  asShown,
  switchFields,
  type SwitchField,
  textFields,
  type TextField,
  UserEditBlocks,
  type UserEditField,
  type UserEditValues,
  type UserSwitch,
} from '../../views/users/edit.js';
import { emailSchema } from './args.js';

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

/** The submitted form, or inline errors keyed by block id (a submission is untrusted input). */
export function readUserEditForm(state: StateValues, m: Messages = english): FormReading<UserEditValues> {
  const read = (field: UserEditField) => formText(state, UserEditBlocks[field]);
  const text = Object.fromEntries(textFields.map((field) => [field, read(field) ?? ''])) as Record<TextField, string>;
  const switches = Object.fromEntries(
    switchFields.map((field) => {
      const value = read(field);
      return [field, value === 'true' ? true : value === 'false' ? false : undefined];
    }),
  ) as Record<SwitchField, UserSwitch>;

  const errors: Record<string, string> = {};
  if (!text.username) errors[UserEditBlocks.username] = m.t('users.usernameRequired');
  else if (/\s/.test(text.username)) errors[UserEditBlocks.username] = m.t('users.usernameSpaces');
  if (!emailSchema.safeParse(text.email).success) errors[UserEditBlocks.email] = m.t('users.invalidEmail');
  if (text.phone && (!PHONE.test(text.phone) || (text.phone.match(/\d/g) ?? []).length < 3)) {
    errors[UserEditBlocks.phone] = m.t('users.phoneInvalid');
  }
  const otherTokens = [...text.greeting.matchAll(/#[A-Za-z]+#/g)].map((match) => match[0]).filter((token) => token !== GREETING_TOKEN);
  if (otherTokens.length > 0) {
    errors[UserEditBlocks.greeting] = m.t('users.greetingTokens', { token: GREETING_TOKEN, tokens: otherTokens.join(', ') });
  }
  return Object.keys(errors).length > 0 ? formErrors(errors) : formValues({ ...text, ...switches });
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
  /** Where the updated card goes once the modal closed (the card that opened it, else the channel). */
  to: surfaceRefSchema,
});
export type EditMetadata = z.infer<typeof editMetadata>;

export const readEditMetadata = (text: string | undefined): EditMetadata | undefined => decodeMetadata(editMetadata, text);

export function editMetadataFor(userId: number, values: UserEditValues, to: SurfaceRef): string {
  return encodeMetadata({ id: userId, o: editFingerprints(values), to } satisfies EditMetadata);
}
