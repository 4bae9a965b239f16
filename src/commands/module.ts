/** A command module registers everything of one user intent: sub-commands, shortcuts, buttons, modals. */
import type { App } from '@slack/bolt';
import type { SubcommandRouter } from './router.js';
import type { Listener } from '../slack/listeners.js';
import type { Services } from '../slack/services.js';

export interface Registration {
  app: App;
  services: Services;
  router: SubcommandRouter;
  /** Adds a kernel listener (transitional: for pieces already on the kernel, e.g. the custom-fields form). */
  listen(listener: Listener): void;
}

export interface CommandModule {
  name: string;
  register(registration: Registration): void;
}
