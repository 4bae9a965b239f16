/**
 * The card's "More" menu: each entry opens as a new message beside the card (the card stays as it is).
 * The entries belong to several areas; each is shown through that area's public file.
 */
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import type { SlackMessage } from '../../views/kit/blocks.js';
import type { CardExtra } from '../talep-card/public.js';
import { commentsListFor } from '../talep-comments/public.js';
import { filesFor } from '../talep-files/public.js';
import { relationsFor } from '../talep-relations/public.js';
import { fieldsFor } from './fields.js';
import { subscribersFor } from './people.js';

export function extraMessage(services: Services, actor: Actor, extra: CardExtra, talepId: number, m: Messages = english): Promise<SlackMessage> {
  switch (extra) {
    case 'relations':
      return relationsFor(actor, talepId, undefined, m);
    case 'fields':
      return fieldsFor(actor, talepId, m);
    case 'files':
      return filesFor(actor, talepId, undefined, m);
    case 'subscribers':
      return subscribersFor(actor, talepId, undefined, m);
    case 'comments':
      return commentsListFor(services, actor, talepId, 0, undefined, m);
  }
}
