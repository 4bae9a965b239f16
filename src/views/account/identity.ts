/** How a linked help-desk identity is named in messages. Pure. */
import type { HelpdeskRole } from '../../domain/roles.js';

export const roleLabel: Record<HelpdeskRole, string> = {
  admin: 'Admin',
  agent: 'Agent (Temsilci)',
  user: 'User',
};

export interface LinkedIdentity {
  username: string;
  email: string;
  role: HelpdeskRole;
}
