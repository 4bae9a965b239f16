/** Every command module of the app, in the order their sub-commands appear in `/talep help`. */
import { accountModule } from './account.js';
import type { Area } from '../slack/dispatch.js';
import { talepCardArea } from './talep-card/index.js';
import { talepWorkArea } from './talep-work/index.js';
import { talepCommentsArea } from './talep-comments/index.js';
import { talepRelationsArea } from './talep-relations/index.js';
import { talepExtrasArea } from './talep-extras/index.js';
import { talepFilesArea } from './talep-files/index.js';
import { statsArea } from './stats/index.js';
import type { CommandModule } from './module.js';
// ── command modules: one import per module (keep this list sorted by help order) ──
import { newTalepModule } from './new-talep.js';
import { messageShortcutsModule } from './message-shortcuts.js';
import { addToTalepModule } from './add-to-talep.js';
import { searchModule } from './search.js';
import { rulesModule } from './rules.js';
import { usersModule } from './users.js';
import { companiesModule } from './companies.js';
import { categoriesModule } from './categories.js';
import { assetsModule } from './assets.js';
import { kbModule } from './kb.js';

export const commandModules: CommandModule[] = [
  accountModule,
  newTalepModule,
  messageShortcutsModule,
  addToTalepModule,
  searchModule,
  rulesModule,
  usersModule,
  companiesModule,
  categoriesModule,
  assetsModule,
  kbModule,
  // ── registered modules end ──
];

/** The areas on the interaction kernel, in the order their routes appear in `/talep help`. */
export const areas: readonly Area[] = [
  talepCardArea,
  talepWorkArea,
  talepCommentsArea,
  talepRelationsArea,
  talepExtrasArea,
  talepFilesArea,
  statsArea,
];
