/** The caller (POST /Authorization) and user administration. */
import { isAgent } from '../access.js';
import { findUserByLogin } from '../auth.js';
import { fieldFor, setFieldValue } from '../custom-field-values.js';
import { companyIdFor, departmentIdFor } from '../directory.js';
import { badRequest, notFound } from '../errors.js';
import { requireCategory, requireUser, sameText } from '../lookups.js';
import { deleteUser, mergeUsers } from '../merges.js';
import { FieldUsage, type SandboxData, type UserRow } from '../model.js';
import { notifyWelcome } from '../notifications.js';
import { generatePassword, hashPassword } from '../passwords.js';
import { currentUserRecord, fieldValueRecord, userByUsernameRecord, userDetailsRecord, userFullRecord, userRecord } from '../records.js';
import { addUnique, removeValue } from '../talep-changes.js';
import { page } from './shared.js';
import { defineHandlers } from './types.js';

/** E-mails and user names are unique, case-insensitively. */
function requireFree(data: SandboxData, field: 'email' | 'username', value: string, except?: UserRow): void {
  const taken = data.users.find((user) => user !== except && sameText(user[field], value));
  if (taken) throw badRequest(`Parameter '${field}': ${value} is already used by user ${taken.id}.`);
}

type ListMode = 'all' | 'techs' | 'admins' | 'regular' | 'disabled';

/** `listMode`: techs = agents (admins included), regular = neither agent nor admin. */
function inListMode(user: UserRow, mode: ListMode): boolean {
  switch (mode) {
    case 'all':
      return true;
    case 'techs':
      return isAgent(user);
    case 'admins':
      return user.isAdmin;
    case 'regular':
      return !isAgent(user);
    case 'disabled':
      return user.disabled;
  }
}

export const userHandlers = defineHandlers({
  authorization: ({ caller }) => currentUserRecord(caller),

  createUser: ({ data, params, store, now, outbox }) => {
    const username = params.username ?? params.email;
    requireFree(data, 'email', params.email);
    requireFree(data, 'username', username);
    const user: UserRow = {
      id: store.nextId('users'),
      username,
      email: params.email,
      firstName: params.firstName ?? null,
      lastName: params.lastName ?? null,
      phone: params.phone ?? null,
      location: params.location ?? null,
      notes: null,
      companyId: params.company === undefined ? null : companyIdFor(data, store, params.company),
      departmentId: params.department === undefined ? null : departmentIdFor(data, store, params.department),
      isAdmin: false,
      disabled: false,
      ...hashPassword(params.password ?? generatePassword()),
      passwordVersion: 1,
      techCategoryIds: [],
      greeting: null,
      signature: null,
      outOfOffice: false,
      emailNotifications: true,
      lastSeen: null,
      customFields: {},
    };
    data.users.push(user);
    if (params.sendWelcomeEmail) notifyWelcome(outbox, user, now);
    return { userId: user.id };
  },

  updateUser: ({ data, params, store }) => {
    const user = requireUser(data, params.userId);
    if (params.email !== undefined) requireFree(data, 'email', params.email, user);
    if (params.username !== undefined) requireFree(data, 'username', params.username, user);
    if (params.username !== undefined) user.username = params.username;
    if (params.email !== undefined) user.email = params.email;
    if (params.firstName !== undefined) user.firstName = params.firstName;
    if (params.lastName !== undefined) user.lastName = params.lastName;
    if (params.notes !== undefined) user.notes = params.notes;
    if (params.phone !== undefined) user.phone = params.phone;
    if (params.location !== undefined) user.location = params.location;
    if (params.department !== undefined) user.departmentId = departmentIdFor(data, store, params.department);
    if (params.company !== undefined) user.companyId = companyIdFor(data, store, params.company);
    if (params.disabled !== undefined) user.disabled = params.disabled;
    if (params.enableEmailNotifications !== undefined) user.emailNotifications = params.enableEmailNotifications;
    if (params.greeting !== undefined) user.greeting = params.greeting;
    if (params.signature !== undefined) user.signature = params.signature;
    if (params.outOfOffice !== undefined) user.outOfOffice = params.outOfOffice;
    if (params.isAdmin !== undefined) user.isAdmin = params.isAdmin;
    if (params.password !== undefined) {
      // A new password invalidates the user's token (the version is part of its MAC).
      Object.assign(user, hashPassword(params.password));
      user.passwordVersion += 1;
    }
    return userRecord(user);
  },

  deleteUser: ({ data, caller, params }) => {
    const user = requireUser(data, params.userId);
    if (user.id === caller.id) throw badRequest('You cannot delete your own account.');
    deleteUser(data, user);
  },

  getUser: ({ data, params }) => userFullRecord(data, requireUser(data, params.userId)),

  userByEmail: ({ data, params }) => {
    const user = data.users.find((row) => sameText(row.email, params.email));
    if (!user) throw notFound('User with e-mail', `'${params.email}'`);
    return userDetailsRecord(user);
  },

  userByUsername: ({ data, params }) => {
    const user = findUserByLogin(data.users, params.username.trim());
    if (!user) throw notFound('User', `'${params.username}'`);
    return userByUsernameRecord(data, user);
  },

  mergeUsers: ({ data, params }) => {
    mergeUsers(data, requireUser(data, params.fromUserId), requireUser(data, params.toUserId));
  },

  setCustomFieldForUser: ({ data, params }) => {
    const user = requireUser(data, params.id);
    setFieldValue(user.customFields, fieldFor(data, params.fieldId, FieldUsage.User), params.value);
  },

  userCustomFields: ({ data, params }) => {
    const user = requireUser(data, params.id);
    return data.customFields.filter((field) => field.usage === FieldUsage.User).map((field) => fieldValueRecord(field, user.customFields));
  },

  users: ({ data, params }) => {
    const matching = data.users.filter(
      (user) =>
        inListMode(user, params.listMode ?? 'all') &&
        (params.departmentId === undefined || user.departmentId === params.departmentId) &&
        (params.companyId === undefined || user.companyId === params.companyId),
    );
    return page(matching, params.page ?? 1, params.count ?? 500).map(userRecord);
  },

  addCategoryTechPermission: ({ data, params }) => {
    const user = requireUser(data, params.userId);
    addUnique(user.techCategoryIds, requireCategory(data, params.categoryId).id);
  },

  removeCategoryTechPermission: ({ data, params }) => {
    const user = requireUser(data, params.userId);
    const category = requireCategory(data, params.categoryId);
    if (!user.techCategoryIds.includes(category.id)) {
      throw badRequest(`User ${user.id} is not an agent of category ${category.id}.`);
    }
    removeValue(user.techCategoryIds, category.id);
  },
});
