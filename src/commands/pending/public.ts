/** What other areas may use of pending work: App Home's section and its Cancel. */
export { cancelPending, pendingHomeSection } from './list.js';
export { PendingIds } from '../../views/pending/list.js';
