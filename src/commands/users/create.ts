/** `/talep user new [email]` (admins): the new-user form (every CreateUser field) and its submission. */
import * as z from 'zod';
import { english, type Messages } from '../../i18n/messages.js';
import { formErrors, type FormReading, formText, formValues, isChecked, type StateValues } from '../../slack/forms.js';
import { type Listener, onSubmit } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { actAs } from '../../slack/middleware.js';
import { onlyOnce } from '../../slack/once.js';
import { workingView } from '../../views/kit/states.js';
import { UserIds } from '../../views/users/ids.js';
import { NewUserBlocks, type NewUserValues, newUserModal, userCreatedView } from '../../views/users/new-user.js';
import { emailSchema } from './args.js';

/** The CreateUser parameters from the form, or inline errors. */
export function readNewUserForm(values: StateValues, m: Messages = english): FormReading<NewUserValues> {
  const form: NewUserValues = {};
  for (const [key, blockId] of Object.entries(NewUserBlocks) as [keyof NewUserValues, string][]) {
    if (key === 'sendWelcomeEmail') continue;
    const text = formText(values, blockId);
    if (text !== undefined) form[key] = text;
  }
  form.sendWelcomeEmail = isChecked(values, NewUserBlocks.sendWelcomeEmail);
  const errors: Record<string, string> = {};
  if (!form.email || !emailSchema.safeParse(form.email).success) errors[NewUserBlocks.email] = m.t('users.invalidEmail');
  if (form.username !== undefined && /\s/.test(form.username)) errors[NewUserBlocks.username] = m.t('users.usernameSpaces');
  return Object.keys(errors).length > 0 ? formErrors(errors) : formValues(form);
}

export const newUserSubmission: Listener = onSubmit(UserIds.newCallback, async (ctx) => {
  const m = messagesOf(ctx);
  const title = m.t('users.newTitle');
  const form = readNewUserForm(ctx.values, m);
  if (!form.ok) {
    await ctx.ack({ response_action: 'errors', errors: form.errors });
    return;
  }
  await ctx.ack({ response_action: 'update', view: workingView(title, m.t('users.creating'), m) });
  const values = form.values;
  const surface = ctx.surface.withRender({
    progress: (text) => workingView(title, text, m),
    // The form again, with what was typed and why it was refused.
    problem: (text) => newUserModal(values, text, m),
  });
  await actAs({ ...ctx, surface }, async (actor) => {
    const { sendWelcomeEmail = false, email = '', ...optional } = values;
    // Once per submission: a copy of it (also after a restart) shows the user the first one created.
    const created = await onlyOnce(ctx, 'create-user', z.object({ userId: z.int() }), async () => ({
      userId: (await actor.hd.createUser({ email, ...optional, sendWelcomeEmail })).userId,
    }));
    if (!created) return;
    await surface.update(userCreatedView({ userId: created.result.userId, email, username: values.username, welcome: sendWelcomeEmail }, m));
  });
});
