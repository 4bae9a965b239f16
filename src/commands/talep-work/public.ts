/**
 * Working a talep, for other areas: assignment is done HERE and nowhere else (the card's "Assign to
 * me", `/talep assign`, and a new talep created with an assignee all come through `assignTalep`), so
 * whatever must follow an assignment has one seam.
 */
import type { Actor } from '../../slack/actor.js';

export interface AssignOptions {
  /** The help desk already applied it (a talep created with `assignedToUserId`): only what follows runs. */
  alreadyApplied?: boolean;
}

/** Assigns a talep to a help-desk user (0 = nobody), as the acting person. */
export async function assignTalep(actor: Actor, talepId: number, assigneeUserId: number, options: AssignOptions = {}): Promise<void> {
  if (!options.alreadyApplied) await actor.hd.updateTalep({ id: talepId, assignedUserId: assigneeUserId });
}
