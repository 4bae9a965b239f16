/**
 * Who a help-desk token belongs to and what they may do: the role decides which buttons and forms the
 * bot offers (the help desk still checks every call).
 */
import * as z from 'zod';
import type { HelpdeskClient } from '../../api/client.js';
import { isHelpdeskError } from '../../api/errors.js';
import type { AccountIdentity } from '../../store/account-store.js';

export async function identify(hd: HelpdeskClient): Promise<AccountIdentity> {
  const me = await hd.authorization();
  const identity = { helpdeskUserId: me.UserID, username: me.Username, email: me.Email };
  if (me.IsAdmin) return { ...identity, role: 'admin' };
  if (!z.email().safeParse(me.Email).success) return { ...identity, role: 'user' };
  try {
    // UserByEmail is open to agents only: its answer (or refusal) tells us the role.
    const details = await hd.userByEmail({ email: me.Email });
    return { ...identity, role: details.IsTech ? 'agent' : 'user' };
  } catch (error) {
    if (isHelpdeskError(error, 'forbidden')) return { ...identity, role: 'user' };
    throw error;
  }
}
