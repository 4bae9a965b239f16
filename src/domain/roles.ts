/**
 * Who someone is in the help desk. Agents (Temsilci) work taleps in their categories; admins may do
 * everything agents may, and more.
 */
export type HelpdeskRole = 'admin' | 'agent' | 'user';

export const helpdeskRoles: readonly HelpdeskRole[] = ['admin', 'agent', 'user'];

export const isAgentRole = (role: HelpdeskRole): boolean => role === 'agent' || role === 'admin';
export const isAdminRole = (role: HelpdeskRole): boolean => role === 'admin';

/** The role from the help desk's current-user record. */
export function roleOf(user: { IsAdmin: boolean; IsTech?: boolean | undefined }): HelpdeskRole {
  if (user.IsAdmin) return 'admin';
  return user.IsTech ? 'agent' : 'user';
}
