/**
 * What other areas may use of the new-talep flow: opening the form (the "New talep" shortcut opens it
 * empty, "Open a talep" from a message: prefilled, and guarded against opening a second talep).
 */
export { type NewTalepOpening, openNewTalepForm } from './open.js';
export type { SourceMessage } from '../../views/new-talep/metadata.js';
