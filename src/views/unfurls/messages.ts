/** What the unfurls area says: the channel's preview setting, and the offer to connect. Pure. */
import type { UnfurlMode } from '../../domain/unfurl-mode.js';
import { type SlackMessage, slackDate } from '../kit/blocks.js';
import { connectPrompt } from '../kit/notices.js';

const modeMeaning: Record<UnfurlMode, string> = {
  on: 'talep links show their subject, status, priority, category, assignee, due date, last update *and the latest public comment*',
  summary: 'talep links show their subject, status, priority, category, assignee, due date and last update (no comments)',
  off: 'the bot adds no previews to talep or documentation links',
};

const modeLine = (mode: UnfurlMode) => `Link previews in this conversation: *${mode}* — ${modeMeaning[mode]}.`;

export function unfurlSettingMessage(mode: UnfurlMode, changed?: { by: string; at: Date }): SlackMessage {
  const who = changed ? `\nSet by <@${changed.by}> ${slackDate(changed.at)}.` : '\nNobody changed it here: this is the default.';
  return {
    text: `:link: ${modeLine(mode)}${who}\nChange it with \`/talep unfurl on|summary|off\`. Previews are made only for people who connected their help-desk account, with what they may read; agents-only comments never appear.`,
  };
}

export const unfurlSettingChangedMessage = (mode: UnfurlMode): SlackMessage => ({ text: `:white_check_mark: ${modeLine(mode)}` });

export const onlyAgentsShowCommentsMessage = (): SlackMessage => ({
  text: ':no_entry: Only help-desk agents and admins can let previews show comments (`on`); `summary` and `off` are open to everyone connected.',
});

/** The one offer an unlinked poster of a talep link gets (Slack's own unfurl prompt, or an ephemeral message). */
export const CONNECT_OFFER_TEXT = 'Connect your help-desk account and your talep links will show a preview here (only you see this).';

export const connectOfferMessage = (): SlackMessage => connectPrompt(CONNECT_OFFER_TEXT);

/** The details panel of a viewer without a link: how to get one (the panel has no button of ours). */
export const PANEL_CONNECT_TEXT = 'Connect your help-desk account with /talep connect in Slack, then open this talep again to see it as yourself.';
