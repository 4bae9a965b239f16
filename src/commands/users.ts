/**
 * `/talep user …`: find a user (card), list users (pages), create one (modal), edit one (modal), delete
 * one (explicit, irreversible confirmation), disable/enable, grant/revoke agent permission per
 * category, merge two users (explicit, irreversible confirmation), and edit a user's custom fields
 * (the shared form of ./custom-fields-form.ts).
 *
 * People are named by Slack mention, e-mail or help-desk user name (./user-lookup.ts). Every call runs
 * as the acting user, so the help desk decides who may do what and the refusal is explained
 * (`withSession` / `withModalSession`). The list, the edit form and deletion have their own modules.
 */
import type { BlockAction, ButtonAction } from '@slack/bolt';
import * as z from 'zod';
import type { Category } from '../api/schemas.js';
import { workingView } from '../views/kit/states.js';
import { FORM_VALUE } from '../views/kit/inputs.js';
import {
  mergeCancelledMessage,
  mergeConfirmMessage,
  mergedMessage,
  NewUserBlocks,
  type NewUserValues,
  newUserModal,
  permissionChangedMessage,
  unknownCategoryText,
  userCreatedView,
  UserIds,
  userDisabledMessage,
  userLabel,
} from '../views/users.js';
import { fail, firstWord, ok, type Parsed } from './args.js';
import { openFieldsModal, perFieldTarget, fieldsSubmission } from './custom-fields/public.js';
import { formText, readElement, type StateValues } from '../slack/forms.js';
import { type ModalRender, withModalSession } from './modal-session.js';
import type { CommandModule } from './module.js';
import { whoActs, withSession } from './session.js';
import { legacyInteraction } from './session.js';
import { askToDelete, registerUserDelete } from './user-delete.js';
import { openUserEdit, registerUserEdit } from './user-edit.js';
import { parseUserListArgs, registerUserList, type UserListArgs, userListPage } from './user-list.js';
import {
  cardFor,
  emailSchema,
  explainingPeople,
  labelOf,
  parseEmail,
  parsePersonRef,
  type PersonRef,
  replacing,
  resolveUser,
  userByEmail,
  userDetails,
} from './user-lookup.js';

// ── Parsing (pure) ──────────────────────────────────────────────────────────────────────────────

export { parseEmail, parsePersonRef, type PersonRef } from './user-lookup.js';

export type UserCommand =
  | { kind: 'find'; who: PersonRef }
  | ({ kind: 'list' } & UserListArgs)
  | { kind: 'new'; email?: string }
  | { kind: 'edit' | 'delete'; who: PersonRef }
  | { kind: 'disable' | 'enable'; who: PersonRef }
  | { kind: 'grant' | 'revoke'; who: PersonRef; category: string }
  | { kind: 'merge'; from: PersonRef; into: PersonRef }
  | { kind: 'fields'; who: PersonRef };

const verbs: Record<string, UserCommand['kind']> = {
  find: 'find', show: 'find', lookup: 'find', who: 'find',
  list: 'list', ls: 'list',
  new: 'new', create: 'new', add: 'new',
  edit: 'edit', update: 'edit',
  delete: 'delete', remove: 'delete',
  disable: 'disable', enable: 'enable',
  grant: 'grant', revoke: 'revoke',
  merge: 'merge',
  fields: 'fields', 'custom-fields': 'fields', cf: 'fields',
};

export const USER_USAGE = 'user find|list|new|edit|delete|disable|enable|grant|revoke|merge|fields …';

export function parseUserCommand(text: string): Parsed<UserCommand> {
  const [word, rest] = firstWord(text);
  const kind = verbs[word.toLowerCase()];
  if (!kind) {
    return fail(
      'Try `user find <email|@user|username>`, `user list [all|techs|admins|regular|disabled] [page]`, `user new [email]`, ' +
        '`user edit <who>`, `user delete <who>`, `user disable|enable <who>`, `user grant|revoke <who> <category>`, ' +
        '`user merge <from> <into>` or `user fields <who>`.',
    );
  }
  switch (kind) {
    case 'new': {
      if (!rest) return ok({ kind });
      const email = parseEmail(rest);
      return email ? ok({ kind, email }) : fail(`“${rest}” is not an e-mail address. \`user new\` alone opens an empty form.`);
    }
    case 'list': {
      const args = parseUserListArgs(rest);
      return args.ok ? ok({ kind, ...args.value }) : args;
    }
    case 'find':
    case 'edit':
    case 'delete':
    case 'disable':
    case 'enable':
    case 'fields': {
      const who = parsePersonRef(rest);
      return who.ok ? ok({ kind, who: who.value }) : who;
    }
    case 'grant':
    case 'revoke': {
      const [target, category] = firstWord(rest);
      const who = parsePersonRef(target);
      if (!who.ok) return who;
      return category ? ok({ kind, who: who.value, category }) : fail(`Which category? e.g. \`user ${kind} ${target} Hardware\`.`);
    }
    case 'merge': {
      const [first, second] = firstWord(rest);
      const from = parsePersonRef(first);
      if (!from.ok) return from;
      const into = parsePersonRef(second);
      if (!into.ok) return fail(`Merge into whom? ${into.error}`);
      if (JSON.stringify(from.value) === JSON.stringify(into.value)) return fail('A user cannot be merged into themselves.');
      return ok({ kind, from: from.value, into: into.value });
    }
  }
}

export type CategoryMatch =
  | { kind: 'found'; category: Category }
  | { kind: 'unknown'; names: string[] }
  | { kind: 'ambiguous'; names: string[] };

const fold = (text: string) => text.normalize('NFKC').trim().toLocaleLowerCase('en');

/** A category by id (`2`, `#2`), exact name, name with section, unique prefix, then unique substring. */
export function matchCategory(text: string, categories: readonly Category[]): CategoryMatch {
  const wanted = fold(text);
  const idMatch = /^#?(\d{1,9})$/.exec(wanted);
  const byId = idMatch ? categories.find((category) => category.CategoryID === Number(idMatch[1])) : undefined;
  if (byId) return { kind: 'found', category: byId };
  const names = categories.map((category) => category.Name);
  const attempts: ((category: Category) => boolean)[] = [
    (category) => fold(category.Name) === wanted,
    (category) => category.NameWithSection !== undefined && fold(category.NameWithSection) === wanted,
    (category) => fold(category.Name).startsWith(wanted),
    (category) => fold(category.Name).includes(wanted),
  ];
  for (const matches of attempts) {
    const found = categories.filter(matches);
    if (found.length === 1 && found[0]) return { kind: 'found', category: found[0] };
    if (found.length > 1) return { kind: 'ambiguous', names: found.map((category) => category.Name) };
  }
  return { kind: 'unknown', names };
}

// ── Custom fields of a user ─────────────────────────────────────────────────────────────────────

export const userFieldsTarget = perFieldTarget({
  usage: 3,
  callbackId: UserIds.fieldsCallback,
  title: 'User custom fields',
  read: (hd, id) => hd.userCustomFields({ id }),
  write: (hd, id, fieldId, value) => hd.setCustomFieldForUser({ id, fieldId, value }),
});

// ── The module ──────────────────────────────────────────────────────────────────────────────────

const mergeValue = z.object({
  from: z.object({ userId: z.int().min(1), username: z.string(), email: z.string() }),
  into: z.object({ userId: z.int().min(1), username: z.string(), email: z.string() }),
  /** The Slack user the source was, so the stale Slack → help-desk link is forgotten after the merge. */
  fromSlackUserId: z.string().optional(),
});

const userIdValue = z.coerce.number().int().min(1);

/** The CreateUser parameters from the form, or inline errors. */
export function readNewUserForm(values: StateValues): { values: NewUserValues; errors?: Record<string, string> } {
  const form: NewUserValues = {};
  for (const [key, blockId] of Object.entries(NewUserBlocks) as [keyof NewUserValues, string][]) {
    if (key === 'sendWelcomeEmail') continue;
    const text = formText(values, blockId);
    if (text !== undefined) form[key] = text;
  }
  form.sendWelcomeEmail = readElement(values[NewUserBlocks.sendWelcomeEmail]?.[FORM_VALUE]) === 'true';
  const errors: Record<string, string> = {};
  if (!form.email || !emailSchema.safeParse(form.email).success) errors[NewUserBlocks.email] = 'Enter a valid e-mail address.';
  if (form.username !== undefined && /\s/.test(form.username)) errors[NewUserBlocks.username] = 'A user name has no spaces.';
  return Object.keys(errors).length > 0 ? { values: form, errors } : { values: form };
}

export const usersModule: CommandModule = {
  name: 'users',
  register({ app, services, router, listen }) {
    router.add<UserCommand>({
      name: 'user',
      aliases: ['users'],
      usage: USER_USAGE,
      summary:
        'Users (<who>: @user, e-mail or user name): find <who> (card; agents too), list [all|techs|admins|regular|disabled] [page], ' +
        'new (form), edit <who> (form), delete <who> (permanent, asks first), disable|enable, ' +
        'grant|revoke <who> <category> (agent permission), merge <from> <into> (irreversible, asks first), fields <who> (custom fields)',
      group: 'Administration',
      audience: 'admin',
      parse: parseUserCommand,
      run: async ({ asUser, reply, client, triggerId, teamId, userId, channelId }, command) => {
        const who = { teamId, userId };
        switch (command.kind) {
          case 'find':
            return asUser(explainingPeople(reply, async (session) => {
              const user = await userDetails(services, session, client, command.who);
              await reply.send(await cardFor(session, user));
            }));
          case 'list':
            return asUser(async (session) => reply.send(await userListPage(session, command)));
          case 'edit':
            // The modal opens before any help-desk call; finding the user happens inside it.
            return asUser(async () =>
              openUserEdit(services, who, client, triggerId, async (session) => (await resolveUser(services, session, client, command.who)).userId, {
                c: channelId,
              }),
            );
          case 'delete':
            return asUser(explainingPeople(reply, async (session) => {
              const target = await resolveUser(services, session, client, command.who);
              await askToDelete(session, reply, target.userId, command.who.kind === 'slack' ? command.who.userId : undefined);
            }));
          case 'new':
            return asUser(async () => {
              await client.views.open({ trigger_id: triggerId, view: newUserModal(command.email ? { email: command.email } : {}) });
            });
          case 'disable':
          case 'enable':
            return asUser(explainingPeople(reply, async (session) => {
              const target = await resolveUser(services, session, client, command.who);
              const updated = await session.hd.updateUser({ userId: target.userId, disabled: command.kind === 'disable' });
              await reply.send(userDisabledMessage(labelOf(updated), updated.Disabled));
            }));
          case 'grant':
          case 'revoke':
            return asUser(explainingPeople(reply, async (session) => {
              const [target, categories] = await Promise.all([
                resolveUser(services, session, client, command.who),
                session.hd.categories(),
              ]);
              const match = matchCategory(command.category, categories);
              if (match.kind !== 'found') {
                await reply.send({ text: unknownCategoryText(command.category, match.names, match.kind === 'ambiguous') });
                return;
              }
              const params = { userId: target.userId, categoryId: match.category.CategoryID };
              if (command.kind === 'grant') await session.hd.addCategoryTechPermission(params);
              else await session.hd.removeCategoryTechPermission(params);
              await reply.send(permissionChangedMessage(target, match.category.Name, command.kind === 'grant'));
            }));
          case 'merge':
            return asUser(explainingPeople(reply, async (session) => {
              const from = await resolveUser(services, session, client, command.from);
              const into = await resolveUser(services, session, client, command.into);
              if (from.userId === into.userId) {
                await reply.send({ text: `:warning: Both name the same help-desk user (${userLabel(from)}); nothing to merge.` });
                return;
              }
              const value = JSON.stringify({
                from,
                into,
                ...(command.from.kind === 'slack' ? { fromSlackUserId: command.from.userId } : {}),
              } satisfies z.input<typeof mergeValue>);
              await reply.send(mergeConfirmMessage(from, into, value));
            }));
          case 'fields':
            return asUser(async () =>
              openFieldsModal(legacyInteraction(services, who, client), triggerId, userFieldsTarget, async (session) => {
                const target = await resolveUser(services, session, client, command.who);
                return { recordId: target.userId, subject: userLabel(target) };
              }),
            );
        }
      },
    });

    app.view(UserIds.newCallback, async ({ ack, body, view, client }) => {
      if (body.type !== 'view_submission') return;
      const form = readNewUserForm(view.state.values);
      if (form.errors) {
        await ack({ response_action: 'errors', errors: form.errors });
        return;
      }
      await ack({ response_action: 'update', view: workingView('New help-desk user', 'Creating the user…') });
      const values = form.values;
      const render: ModalRender = {
        working: (text) => workingView('New help-desk user', text),
        problem: (text) => newUserModal(values, text),
      };
      await withModalSession(services, whoActs(body), client, view.id, render, async (session, update) => {
        const { sendWelcomeEmail, email, ...optional } = values;
        const created = await session.hd.createUser({ email: email ?? '', ...optional, sendWelcomeEmail: sendWelcomeEmail ?? false });
        await update(userCreatedView({ userId: created.userId, email: email ?? '', username: values.username, welcome: sendWelcomeEmail ?? false }));
      });
    });

    listen(fieldsSubmission(userFieldsTarget));
    registerUserList(app, services);
    registerUserEdit(app, services);
    registerUserDelete(app, services);

    app.action<BlockAction<ButtonAction>>(UserIds.cardFields, async ({ ack, body, action, client }) => {
      await ack();
      const id = userIdValue.safeParse(action.value);
      if (!id.success) return;
      const who = whoActs(body);
      await openFieldsModal(legacyInteraction(services, who, client), body.trigger_id, userFieldsTarget, async (session) => {
        const user = await session.hd.getUser({ userId: id.data });
        return { recordId: user.UserID, subject: userLabel(labelOf(user)) };
      }, { label: `Help-desk user #${id.data}` });
    });

    const toggle = (disabled: boolean) =>
      app.action<BlockAction<ButtonAction>>(disabled ? UserIds.cardDisable : UserIds.cardEnable, async ({ ack, body, action, respond }) => {
        await ack();
        const id = userIdValue.safeParse(action.value);
        if (!id.success) return;
        const reply = replacing(respond);
        await withSession(services, whoActs(body), reply, async (session) => {
          const updated = await session.hd.updateUser({ userId: id.data, disabled });
          const notice = userDisabledMessage(labelOf(updated), updated.Disabled).text;
          await reply.send(await cardFor(session, await userByEmail(session.hd, updated.Email), { notice }));
        }, { label: `Help-desk user #${id.data}` });
      });
    toggle(true);
    toggle(false);

    app.action<BlockAction<ButtonAction>>(UserIds.mergeConfirm, async ({ ack, body, action, respond }) => {
      await ack();
      const reply = replacing(respond);
      let parsed: z.infer<typeof mergeValue> | undefined;
      try {
        parsed = mergeValue.parse(JSON.parse(action.value ?? ''));
      } catch {
        await reply.send({ text: ':warning: This confirmation is out of date. Run `/talep user merge` again.' });
        return;
      }
      const { from, into, fromSlackUserId } = parsed;
      const who = whoActs(body);
      await withSession(services, who, reply, async (session) => {
        await session.hd.mergeUsers({ fromUserId: from.userId, toUserId: into.userId });
        // The Slack user who was `from` now maps to a deleted help-desk user.
        if (fromSlackUserId) await services.stores.directory.forget(who.teamId, fromSlackUserId);
        await reply.send(mergedMessage(from, into));
      });
    });

    app.action<BlockAction<ButtonAction>>(UserIds.mergeCancel, async ({ ack, respond }) => {
      await ack();
      await replacing(respond).send(mergeCancelledMessage());
    });
  },
};
