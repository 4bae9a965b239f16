/** The relations area's action ids and the talep pairs its buttons carry. Pure. */

export const RelationIds = {
  /** value: `talepPairValue(merged, into)`. */
  mergeConfirm: 'talep_merge_confirm',
  mergeCancel: 'talep_merge_cancel',
  /** value: `talepPairValue(talep, related)`: removes the "related" link. One per row: `rowActionId(unlink, related)`. */
  unlink: 'talep_rel_unlink',
  /** value: `talepPairValue(parent, child)`: the child stops being a sub-talep. One per row: `rowActionId(detach, child)`. */
  detach: 'talep_rel_detach',
} as const;

export const talepPairValue = (first: number, second: number): string => `${first}:${second}`;

export function parseTalepPair(value: string | undefined): [number, number] | undefined {
  const match = /^(\d{1,9}):(\d{1,9})$/.exec(value ?? '');
  const first = Number(match?.[1]);
  const second = Number(match?.[2]);
  return first >= 1 && second >= 1 && first !== second ? [first, second] : undefined;
}
