/**
 * The states a modal passes through around a help-desk call: working (a spinner line), a result that
 * can only be closed, and a problem banner above a form.
 */
import { english, type Messages } from '../../i18n/messages.js';
import { type Block, context, escapeText, type ModalView, modal, section } from './blocks.js';

/** A modal that only says what is happening (after a submission was acked, while the help desk works). */
export function workingView(title: string, text: string, m: Messages = english): ModalView {
  return modal({ title, close: m.t('kit.close'), blocks: [section(`:hourglass_flowing_sand: ${text}`)] });
}

/** A modal that reports an outcome and can only be closed. */
export function resultView(title: string, text: string, note?: string, m: Messages = english): ModalView {
  return modal({ title, close: m.t('kit.done'), blocks: [section(text), ...(note ? [context(note)] : [])] });
}

/** Escapes text for mrkdwn but keeps plain user mentions (`<@U123>`), which our own messages use. */
export function escapeKeepingMentions(text: string): string {
  return text
    .split(/(<@[UW][A-Z0-9]+>)/)
    .map((part, index) => (index % 2 === 1 ? part : escapeText(part)))
    .join('');
}

export const problemBlock = (problem: string): Block => section(`:warning: ${escapeKeepingMentions(problem)}`);
