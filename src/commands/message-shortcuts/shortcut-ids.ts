/** Callback ids declared in manifest.yml; a unit test keeps the two in step. */
export const ShortcutIds = {
  /** Message shortcut "Open a talep". */
  openTalep: 'open_talep',
  /** Message shortcut "Add to a talep". */
  addToTalep: 'add_to_talep',
  /** Global shortcut "New talep". */
  newTalep: 'new_talep',
} as const;
