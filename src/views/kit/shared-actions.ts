/**
 * Action ids that cross module boundaries: any view may render these buttons, one module handles each.
 * (Ids used only inside one module live in that module's view file.)
 */
export const SharedActions = {
  /** value: talep id. Handled by the talep-card module: shows the card ephemerally. */
  showTalep: 'talep_show',
  /** Opens the new-talep modal (App Home button). */
  newTalep: 'home_new_talep',
  /** Lists my taleps (App Home button). */
  myTaleps: 'home_mine',
} as const;
