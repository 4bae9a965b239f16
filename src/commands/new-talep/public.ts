/**
 * What other areas may use of the new-talep flow: opening the form (the "New talep" and "Open a talep"
 * shortcuts open it prefilled or from a message).
 */
export { type MessagePrefill, type NewTalepOpening, openNewTalepForm } from './open.js';
export type { SourceMessage } from '../../views/new-talep/metadata.js';
