/** What the unfurls area says: the channel's preview setting, and the offer to connect. Pure. */
import type { UnfurlMode } from '../../domain/unfurl-mode.js';
import { english, type Messages } from '../../i18n/messages.js';
import { type SlackMessage, slackDate } from '../kit/blocks.js';

const modeMeaning = (mode: UnfurlMode, m: Messages): string =>
  mode === 'on' ? m.t('unfurl.meaning.on') : mode === 'summary' ? m.t('unfurl.meaning.summary') : m.t('unfurl.meaning.off');

const modeLine = (mode: UnfurlMode, m: Messages) => m.t('unfurl.modeLine', { mode, meaning: modeMeaning(mode, m) });

export function unfurlSettingMessage(mode: UnfurlMode, changed?: { by: string; at: Date }, m: Messages = english): SlackMessage {
  const who = changed ? m.t('unfurl.setBy', { by: changed.by, date: slackDate(changed.at) }) : m.t('unfurl.default');
  return { text: m.t('unfurl.setting', { line: modeLine(mode, m), who }) };
}

export const unfurlSettingChangedMessage = (mode: UnfurlMode, m: Messages = english): SlackMessage => ({ text: m.t('unfurl.changed', { line: modeLine(mode, m) }) });

export const onlyAgentsShowCommentsMessage = (m: Messages = english): SlackMessage => ({ text: m.t('unfurl.onlyAgentsOn') });

