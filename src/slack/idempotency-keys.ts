/**
 * Idempotency keys for the Slack actions that write, in one place so every flow names the same action
 * the same way (a repeat of the action gets the same key; a different action never does):
 * - a modal submission: team, user, view id and the view's hash (the hash changes whenever the view is
 *   updated, so an edited and re-submitted form is a new submission, a re-sent one is not);
 * - a message shortcut: team, channel and message ts (one talep per message, whoever asks);
 * - a button: team, user and the action's ts;
 * - an Events API event: its event id (Slack re-sends an event with the same id);
 * - a workflow step: its `function_execution_id` (one per run of the step).
 * Slack ids contain no colon, so the parts cannot run into each other.
 */

/** Team of an interaction: `team` is null for org-wide installs, where the user's team counts. */
type TeamOf = { team?: { id: string } | null; user: { id: string; team_id?: string } };

export const submissionKey = (parts: { teamId: string; userId: string; viewId: string; viewHash: string }): string =>
  `view:${parts.teamId}:${parts.userId}:${parts.viewId}:${parts.viewHash}`;

export const messageShortcutKey = (parts: { teamId: string; channelId: string; messageTs: string }): string =>
  `message:${parts.teamId}:${parts.channelId}:${parts.messageTs}`;

export const buttonKey = (parts: { teamId: string; userId: string; actionTs: string }): string =>
  `action:${parts.teamId}:${parts.userId}:${parts.actionTs}`;

export const eventKey = (eventId: string): string => `event:${eventId}`;

export const workflowStepKey = (functionExecutionId: string): string => `step:${functionExecutionId}`;

const teamOf = (body: TeamOf): string => body.team?.id ?? body.user.team_id ?? 'unknown-team';

/** The key of a `view_submission` body. */
export const submissionKeyOf = (body: TeamOf & { view: { id: string; hash?: string } }): string =>
  submissionKey({ teamId: teamOf(body), userId: body.user.id, viewId: body.view.id, viewHash: body.view.hash ?? '' });

/** The key of a `message_action` (message shortcut) body. */
export const messageShortcutKeyOf = (body: TeamOf & { channel: { id: string }; message: { ts: string } }): string =>
  messageShortcutKey({ teamId: teamOf(body), channelId: body.channel.id, messageTs: body.message.ts });

/** The key of a `block_actions` body's first action. */
export const buttonKeyOf = (body: TeamOf & { actions: readonly { action_ts?: string }[] }): string | undefined => {
  const actionTs = body.actions[0]?.action_ts;
  return actionTs ? buttonKey({ teamId: teamOf(body), userId: body.user.id, actionTs }) : undefined;
};
