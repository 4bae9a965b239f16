/**
 * GET /Stats, computed from the data. The counted taleps are every talep for agents and admins, the
 * caller's own for regular users, and with `forCurrentUser` the ones the caller submitted or is
 * assigned to.
 *   TotalTaleps: counted taleps; Closed / NewTaleps: by status; Unassigned: open (not closed) without
 *   an assignee; HandledByMe: assigned to the caller.
 */
import { canSeeTalep } from './access.js';
import { TalepStatus, type TalepRow, type UserRow } from './model.js';

export type TalepStats = {
  TotalTaleps: number;
  Closed: number;
  NewTaleps: number;
  Unassigned: number;
  HandledByMe: number;
};

const involves = (caller: UserRow, talep: TalepRow) => talep.submitterId === caller.id || talep.assigneeId === caller.id;

export function computeStats(taleps: readonly TalepRow[], caller: UserRow, forCurrentUser: boolean): TalepStats {
  const counted = taleps.filter((talep) => canSeeTalep(caller, talep) && (!forCurrentUser || involves(caller, talep)));
  const count = (predicate: (talep: TalepRow) => boolean) => counted.filter(predicate).length;
  return {
    TotalTaleps: counted.length,
    Closed: count((talep) => talep.statusId === TalepStatus.Closed),
    NewTaleps: count((talep) => talep.statusId === TalepStatus.New),
    Unassigned: count((talep) => talep.statusId !== TalepStatus.Closed && talep.assigneeId === null),
    HandledByMe: count((talep) => talep.assigneeId === caller.id),
  };
}
