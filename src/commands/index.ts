/** Every command module of the app, in the order their sub-commands appear in `/talep help`. */
import { accountArea } from './account/index.js';
import type { Area } from '../slack/dispatch.js';
import { newTalepArea } from './new-talep/index.js';
import { messageShortcutsArea } from './message-shortcuts/index.js';
import { talepCardArea } from './talep-card/index.js';
import { talepWorkArea } from './talep-work/index.js';
import { searchArea } from './search/index.js';
import { kbArea } from './kb/index.js';
import { usersArea } from './users/index.js';
import { companiesArea } from './companies/index.js';
import { categoriesArea } from './categories/index.js';
import { rulesArea } from './rules/index.js';
import { assetsArea } from './assets/index.js';
import type { CommandModule } from './module.js';
// ── command modules: one import per module (keep this list sorted by help order) ──
import { talepCommentModule } from './talep-comment.js';
import { talepCommentsModule } from './talep-comments.js';
import { talepRelationsModule } from './talep-relations.js';
import { talepExtrasModule } from './talep-extras.js';
import { talepTagsModule } from './talep-tags.js';
import { talepFilesModule } from './talep-files.js';
import { talepAttachModule } from './talep-attach.js';
import { statsModule } from './stats.js';

export const commandModules: CommandModule[] = [
  talepCommentModule,
  talepCommentsModule,
  talepRelationsModule,
  talepExtrasModule,
  talepTagsModule,
  talepFilesModule,
  talepAttachModule,
  statsModule,
  // ── registered modules end ──
];

/** The areas on the interaction kernel, in the order their routes appear in `/talep help`. */
export const areas: readonly Area[] = [accountArea, newTalepArea, messageShortcutsArea, talepCardArea, talepWorkArea, searchArea(), rulesArea, usersArea, companiesArea, categoriesArea, assetsArea, kbArea];
