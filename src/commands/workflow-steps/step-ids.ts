/**
 * The workflow steps the app offers in Workflow Builder: callback ids (the keys of `functions` in
 * manifest.yml, which a test keeps equal to these) and their output names.
 */
export const StepIds = {
  createTalep: 'create_talep',
  addComment: 'add_comment',
  closeTalep: 'close_talep',
  findTalep: 'find_talep',
} as const;

export type StepId = (typeof StepIds)[keyof typeof StepIds];

/** Each step's outputs, as its definition names them. */
export const stepOutputs = {
  [StepIds.createTalep]: ['talep_id', 'talep_url'],
  [StepIds.addComment]: ['talep_id', 'talep_url'],
  [StepIds.closeTalep]: ['talep_id', 'talep_url'],
  [StepIds.findTalep]: ['talep_id', 'subject', 'status', 'assignee', 'talep_url'],
} as const satisfies Record<StepId, readonly string[]>;
