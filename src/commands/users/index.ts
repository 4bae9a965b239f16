/**
 * `/talep user …`: find a user (card), list users (pages), create one (form), edit one (form), delete
 * one (explicit, irreversible confirmation), disable/enable, grant/revoke agent permission per
 * category, merge two users (explicit, irreversible confirmation), and a user's custom fields; and the
 * card's and the list's buttons. `/talep user` with a missing or unknown word gets this family's help.
 *
 * People are named by Slack mention, e-mail or help-desk user name (./args.ts, ./lookup.ts). Every
 * call runs as the acting person, so the help desk decides who may do what and the kernel words its
 * refusal.
 */
import type { Area } from '../../slack/dispatch.js';
import { buttonValue, type Listener, onAction } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { actAs } from '../../slack/middleware.js';
import { openModal } from '../../slack/modals.js';
import { routePaths } from '../../slack/route-paths.js';
import { route } from '../../slack/routes.js';
import { UserIds } from '../../views/users/ids.js';
import { deleteCancelledMessage, mergeCancelledMessage, userDisabledMessage } from '../../views/users/messages.js';
import { newUserModal } from '../../views/users/new-user.js';
import { fieldsSubmission } from '../custom-fields/public.js';
import {
  parseMergeArgs,
  parseNewUserArgs,
  parsePermissionArgs,
  parsePersonRef,
  parseUserListArgs,
  readPageValue,
  userIdOfButton,
} from './args.js';
import { cardFor } from './card.js';
import { newUserSubmission } from './create.js';
import { askToDelete, deleteConfirmed, readDeleteValue } from './delete.js';
import { openUserEdit, userEditSubmission, userModalRender } from './edit.js';
import { openUserFields, userFieldsTarget } from './fields.js';
import { userListPage } from './list.js';
import { aboutUser, detailsById, labelOf, resolveUser, userByEmail, userDetails } from './lookup.js';
import { askToMerge, mergeConfirmed, readMergeValue } from './merge.js';
import { setAgentPermission } from './permission.js';

const USER = ['user', 'users'];
const group = 'Administration';
const linked = { linked: true } as const;

/** Disable / Enable on the card: the card is re-rendered in place with what happened above it. */
const cardToggle = (disabled: boolean): Listener =>
  onAction(disabled ? UserIds.cardDisable : UserIds.cardEnable, async (ctx) => {
    const id = userIdOfButton(ctx.action);
    if (id === undefined) return;
    await actAs(
      ctx,
      async (actor) => {
        const m = messagesOf(ctx);
        const updated = await actor.hd.updateUser({ userId: id, disabled });
        const notice = userDisabledMessage(labelOf(updated), updated.Disabled, m).text;
        await ctx.surface.replace(await cardFor(actor, await userByEmail(actor.hd, updated.Email, m), { notice, m }));
      },
      aboutUser(id, messagesOf(ctx)),
    );
  });

/** Previous / Next: the neighbouring page replaces the list. */
const listPaging = (actionId: string): Listener =>
  onAction(actionId, async (ctx) => {
    const args = readPageValue(buttonValue(ctx.action));
    if (!args) {
      await ctx.surface.replace({ text: messagesOf(ctx).t('users.staleList') });
      return;
    }
    await actAs(ctx, async (actor) => ctx.surface.replace(await userListPage(actor, args, messagesOf(ctx))));
  });

export const usersArea: Area = {
  name: 'users',
  routes: [
    route({
      ...routePaths(USER, ['find', 'show', 'lookup', 'who']),
      usage: 'user find <email|@user|username>',
      summary: "A user's card (admins also get Edit, Custom fields, Disable, Delete…)",
      group,
      audience: 'agent',
      parse: parsePersonRef,
      needs: linked,
      run: async (ctx) => ctx.surface.send(await cardFor(ctx.actor, await userDetails(ctx, ctx.actor, ctx.args), { m: messagesOf(ctx) })),
    }),
    route({
      ...routePaths(USER, ['list', 'ls']),
      usage: 'user list [all|techs|admins|regular|disabled] [page]',
      summary: 'Help-desk users, 25 a page',
      group,
      audience: 'admin',
      parse: parseUserListArgs,
      needs: linked,
      run: async (ctx) => ctx.surface.send(await userListPage(ctx.actor, ctx.args, messagesOf(ctx))),
    }),
    route({
      ...routePaths(USER, ['new', 'create', 'add']),
      usage: 'user new [email]',
      summary: 'Create a user (a form with every field)',
      group,
      audience: 'admin',
      parse: parseNewUserArgs,
      needs: linked,
      run: async (ctx) => {
        const m = messagesOf(ctx);
        await openModal(ctx, ctx.triggerId, newUserModal(ctx.args, undefined, m), userModalRender(m.t('users.newTitle'), m));
      },
    }),
    route({
      ...routePaths(USER, ['edit', 'update']),
      usage: 'user edit <who>',
      summary: 'Edit a user (a form with every field; only what you change is sent)',
      group,
      audience: 'admin',
      parse: parsePersonRef,
      needs: linked,
      // The modal opens before any help-desk call; finding the user happens inside it.
      run: (ctx) => openUserEdit(ctx, ctx.triggerId, async (actor) => (await resolveUser(ctx, actor, ctx.args)).userId, { c: ctx.channelId }),
    }),
    route({
      ...routePaths(USER, ['delete', 'remove']),
      usage: 'user delete <who>',
      summary: 'Delete a user permanently (asks first)',
      group,
      audience: 'admin',
      parse: parsePersonRef,
      needs: linked,
      run: async (ctx) => {
        const target = await resolveUser(ctx, ctx.actor, ctx.args);
        const slackUserId = ctx.args.kind === 'slack' ? ctx.args.userId : undefined;
        await askToDelete(ctx.actor, (message) => ctx.surface.send(message), target.userId, slackUserId, messagesOf(ctx));
      },
    }),
    ...([true, false] as const).map((disabled) =>
      route({
        ...routePaths(USER, [disabled ? 'disable' : 'enable']),
        usage: `user ${disabled ? 'disable' : 'enable'} <who>`,
        summary: disabled ? 'Stop a user signing in to the help desk' : 'Let a disabled user sign in again',
        group,
        audience: 'admin',
        parse: parsePersonRef,
        needs: linked,
        run: async (ctx) => {
          const target = await resolveUser(ctx, ctx.actor, ctx.args);
          const updated = await ctx.actor.hd.updateUser({ userId: target.userId, disabled });
          await ctx.surface.send(userDisabledMessage(labelOf(updated), updated.Disabled, messagesOf(ctx)));
        },
      }),
    ),
    ...(['grant', 'revoke'] as const).map((verb) =>
      route({
        ...routePaths(USER, [verb]),
        usage: `user ${verb} <who> <category>`,
        summary: verb === 'grant' ? 'Make a user an agent (Temsilci) in a category' : "Remove a user's agent permission in a category",
        group,
        audience: 'admin',
        parse: parsePermissionArgs(verb),
        needs: linked,
        run: (ctx) => setAgentPermission(ctx, ctx.actor, ctx.args, verb === 'grant'),
      }),
    ),
    route({
      ...routePaths(USER, ['merge']),
      usage: 'user merge <from> <into>',
      summary: 'Merge one user into another (irreversible, asks first)',
      group,
      audience: 'admin',
      parse: parseMergeArgs,
      needs: linked,
      run: (ctx) => askToMerge(ctx, ctx.actor, ctx.args),
    }),
    route({
      ...routePaths(USER, ['fields', 'custom-fields', 'cf']),
      usage: 'user fields <who>',
      summary: "A user's custom fields",
      group,
      audience: 'admin',
      parse: parsePersonRef,
      needs: linked,
      run: (ctx) => openUserFields(ctx, ctx.triggerId, (actor) => resolveUser(ctx, actor, ctx.args)),
    }),
  ],
  listeners: [
    newUserSubmission,
    userEditSubmission,
    fieldsSubmission(userFieldsTarget),

    // ── the card ──
    onAction(UserIds.cardEdit, async (ctx) => {
      const id = userIdOfButton(ctx.action);
      if (id === undefined) {
        await ctx.surface.send({ text: messagesOf(ctx).t('users.staleCardControl') });
        return;
      }
      // The updated card replaces this one.
      const to = {
        ...(ctx.body.response_url ? { u: ctx.body.response_url, r: true } : {}),
        ...(ctx.container === 'message' ? { e: false } : {}),
        ...(ctx.channelId ? { c: ctx.channelId } : {}),
      };
      await openUserEdit(ctx, ctx.triggerId, async () => id, to, aboutUser(id, messagesOf(ctx)));
    }),
    onAction(UserIds.cardFields, async (ctx) => {
      const id = userIdOfButton(ctx.action);
      if (id === undefined) return;
      await openUserFields(ctx, ctx.triggerId, async (actor) => labelOf(await actor.hd.getUser({ userId: id })), aboutUser(id, messagesOf(ctx)));
    }),
    cardToggle(true),
    cardToggle(false),
    // Delete…: the confirmation replaces the card.
    onAction(UserIds.cardDelete, async (ctx) => {
      const id = userIdOfButton(ctx.action);
      if (id === undefined) return;
      const m = messagesOf(ctx);
      await actAs(ctx, (actor) => askToDelete(actor, (message) => ctx.surface.replace(message), id, undefined, m), aboutUser(id, m));
    }),

    // ── confirmations ──
    onAction(UserIds.deleteConfirm, async (ctx) => {
      const confirmed = readDeleteValue(buttonValue(ctx.action));
      if (!confirmed) {
        await ctx.surface.replace({ text: messagesOf(ctx).t('users.staleDelete') });
        return;
      }
      await actAs(ctx, (actor) => deleteConfirmed(ctx, actor, confirmed), aboutUser(confirmed.user.userId, messagesOf(ctx)));
    }),
    onAction(UserIds.deleteCancel, (ctx) => ctx.surface.replace(deleteCancelledMessage(messagesOf(ctx)))),
    onAction(UserIds.mergeConfirm, async (ctx) => {
      const confirmed = readMergeValue(buttonValue(ctx.action));
      if (!confirmed) {
        await ctx.surface.replace({ text: messagesOf(ctx).t('users.staleMerge') });
        return;
      }
      await actAs(ctx, (actor) => mergeConfirmed(ctx, actor, confirmed));
    }),
    onAction(UserIds.mergeCancel, (ctx) => ctx.surface.replace(mergeCancelledMessage(messagesOf(ctx)))),

    // ── the list ──
    listPaging(UserIds.listPrevious),
    listPaging(UserIds.listNext),
    // A row's Show: the card as a new message, so the list stays where it is.
    onAction(UserIds.listShow, async (ctx) => {
      const id = userIdOfButton(ctx.action);
      if (id === undefined) return;
      const m = messagesOf(ctx);
      await actAs(
        ctx,
        async (actor) => {
          const { details, full } = await detailsById(actor.hd, id, m);
          await ctx.surface.send(await cardFor(actor, details, { full, m }));
        },
        aboutUser(id, m),
      );
    }),
  ],
};
