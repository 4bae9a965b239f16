/**
 * Every migration, oldest first. A migration is plain SQL run once, in the start-up transaction; a
 * released one is never edited: a change is a new file here and one line below.
 */
import * as stores from './001-stores.js';
import * as jobs from './002-jobs.js';
import * as conversations from './003-conversations.js';
import * as notifications from './004-notifications.js';
import * as coordination from './010-coordination.js';
import * as languages from './011-languages.js';
import * as signinOneSnapshot from './012-signin-one-snapshot.js';

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

export const migrations: readonly Migration[] = [stores, jobs, conversations, notifications, coordination, languages, signinOneSnapshot];
