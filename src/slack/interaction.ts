/**
 * What every listener gets: the services, the Web API client, who acted and where the answer goes.
 * Built once per request by the kernel (./dispatch.ts) from Bolt's arguments.
 */
import type { webApi } from '@slack/bolt';
import type { Messages } from '../i18n/messages.js';
import type { Actor, ActorOptions, Who } from './actor.js';
import { postToResponseUrl } from './response-url.js';
import type { Services } from './services.js';
import type { ModalSurface, Surface, SurfaceDeps } from './surface.js';

export interface Interaction {
  services: Services;
  client: webApi.WebClient;
  who: Who;
  /** Where answers, notices and failures go. */
  surface: Surface;
  /**
   * This delivery's idempotency key (./deliveries.ts): the same for Slack's re-sends of it, different
   * for anything the person did anew. Writes reserve it (./once.ts) or use it as their job key (./outbox.ts).
   */
  deliveryKey?: string;
  /**
   * The words in the language of whoever acted (./locale.ts), found by the middleware before a
   * listener runs; views take it as a parameter. Unset outside the kernel: `messagesOf` gives English.
   */
  m?: Messages;
  /** A slash command's place in the help desk's queue, taken at its ack (./acked-place.ts). */
  acked?: ActorOptions['acked'];
}

/** An interaction of someone with a usable link: `actor` acts as them. */
export interface Acting {
  actor: Actor;
}

/** An interaction about one talep: failures are worded about it ("Talep #12 was not found"). */
export interface ActingOnTalep extends Acting {
  talepId: number;
}

/** An interaction inside an open modal, answered in it. */
export interface InModal {
  surface: ModalSurface;
}

export function surfaceDeps(services: Services, client: webApi.WebClient, userId: string): SurfaceDeps {
  return { client, userId, logger: services.logger, postToResponseUrl };
}
