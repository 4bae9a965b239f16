/**
 * Every area of the bot, in the order their routes appear in `/talep help`. A new area is one folder
 * (its index.ts: routes and listeners as a table) and one line here.
 */
import type { Area } from '../slack/dispatch.js';
import { accountArea } from './account/index.js';
import { assetsArea } from './assets/index.js';
import { categoriesArea } from './categories/index.js';
import { companiesArea } from './companies/index.js';
import { conversationsArea } from './conversations/index.js';
import { kbArea } from './kb/index.js';
import { languageArea } from './language/index.js';
import { messageShortcutsArea } from './message-shortcuts/index.js';
import { newTalepArea } from './new-talep/index.js';
import { notificationsArea } from './notifications/index.js';
import { pendingArea } from './pending/index.js';
import { rulesArea } from './rules/index.js';
import { remindersArea } from './reminders/index.js';
import { searchArea } from './search/index.js';
import { statsArea } from './stats/index.js';
import { talepCardArea } from './talep-card/index.js';
import { talepCommentsArea } from './talep-comments/index.js';
import { talepExtrasArea } from './talep-extras/index.js';
import { talepFilesArea } from './talep-files/index.js';
import { talepRelationsArea } from './talep-relations/index.js';
import { talepWorkArea } from './talep-work/index.js';
import { unfurlsArea } from './unfurls/index.js';
import { usersArea } from './users/index.js';
import { workflowStepsArea } from './workflow-steps/index.js';

/** Fresh per app: areas that keep state (search's cache of matches) get their own. */
export function allAreas(): Area[] {
  return [
    accountArea,
    pendingArea,
    languageArea,
    newTalepArea,
    messageShortcutsArea,
    talepCardArea,
    talepCommentsArea,
    talepWorkArea,
    talepRelationsArea,
    talepExtrasArea,
    talepFilesArea,
    remindersArea,
    notificationsArea,
    searchArea(),
    statsArea,
    rulesArea,
    usersArea,
    companiesArea,
    categoriesArea,
    assetsArea,
    kbArea,
    unfurlsArea(),
    conversationsArea,
    workflowStepsArea,
  ];
}
