/** A command module registers everything of one user intent: sub-commands, shortcuts, buttons, modals. */
import type { App } from '@slack/bolt';
import type { SubcommandRouter } from './router.js';
import type { Services } from '../slack/services.js';

export interface Registration {
  app: App;
  services: Services;
  router: SubcommandRouter;
}

export interface CommandModule {
  name: string;
  register(registration: Registration): void;
}
