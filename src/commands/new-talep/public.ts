/**
 * What other areas may use of the new-talep flow: opening the form (the "New talep" shortcut opens it
 * empty, "Open a talep" from a message: prefilled, and guarded against opening a second talep).
 */
export { type NewTalepOpening, openNewTalepForm } from './open.js';
export type { SourceMessage } from '../../views/new-talep/metadata.js';
/** Filing a talep as accepted work (once, reconciled after an unanswered call), for other areas' work. */
export { fileTalep } from './create.js';
export type { NewTalepRequest } from './request.js';
