/** How a linked help-desk identity is named in messages. Pure. */
import type { HelpdeskRole } from '../../domain/roles.js';
import { english, type Messages } from '../../i18n/messages.js';

/** A help-desk role in the reader's language ("Admin" / "Yönetici"). */
export function roleLabel(role: HelpdeskRole, m: Messages = english): string {
  switch (role) {
    case 'admin':
      return m.t('account.role.admin');
    case 'agent':
      return m.t('account.role.agent');
    case 'user':
      return m.t('account.role.user');
  }
}

export interface LinkedIdentity {
  username: string;
  email: string;
  role: HelpdeskRole;
}
