/**
 * "Attach files" (`/talep attach <id>`, the attachments list's button): the form with a file upload,
 * the state while the files travel, and the outcome. Pure: data → Block Kit JSON.
 */
import { english, type Messages } from '../../i18n/messages.js';
import * as z from 'zod';
import { type Block, context, escapeText, type ModalView, modal, section, truncate } from '../kit/blocks.js';
import { filesInput } from '../kit/slack-files.js';

export const AttachIds = {
  callbackId: 'talep_attach_form',
  files: { block: 'ta_files', action: 'ta_files' },
} as const;

export const attachMetadataSchema = z.object({
  talepId: z.int().min(1),
  /** The attachments list that opened the form: it is shown again with the new files. */
  responseUrl: z.url({ protocol: /^https?$/ }).optional(),
});
export type AttachMetadata = z.infer<typeof attachMetadataSchema>;

export interface AttachForm {
  talepId: number;
  maxUploadBytes: number;
  metadata: string;
  /** An error shown on top (mrkdwn, already escaped). */
  banner?: string;
}

export function attachFilesModal(form: AttachForm, m: Messages = english): ModalView {
  const blocks: Block[] = [];
  if (form.banner) blocks.push(section(form.banner));
  blocks.push(
    section(m.t('attach.filesFor', { id: form.talepId })),
    filesInput(AttachIds.files, form.maxUploadBytes, { optional: false }, m),
    context(m.t('attach.asYou')),
  );
  return modal({
    callback_id: AttachIds.callbackId,
    title: m.t('attach.title'),
    submit: m.t('attach.submit'),
    close: m.t('kit.cancel'),
    private_metadata: form.metadata,
    blocks,
  });
}

export const attachStatusView = (text: string, m: Messages = english): ModalView =>
  modal({ title: m.t('attach.title'), close: m.t('kit.close'), blocks: [section(text)] });

export const attachingText = (talepId: number, count: number, m: Messages = english): string => m.t('attach.attaching', { count, id: talepId });

export interface AttachResult {
  talepId: number;
  attached: readonly string[];
  warnings: readonly string[];
}

const names = (files: readonly string[]) => files.map((name) => `“${escapeText(truncate(name, 100))}”`).join(', ');

/** One sentence: what was attached (the warnings follow it). */
export function attachedText(result: AttachResult, m: Messages = english): string {
  return m.t('attach.attached', { count: result.attached.length, id: result.talepId, names: names(result.attached) });
}

export function attachedView(result: AttachResult, m: Messages = english): ModalView {
  const blocks: Block[] = [section(attachedText(result, m))];
  for (const warning of result.warnings) blocks.push(context(`:warning: ${escapeText(warning)}`));
  return modal({ title: m.t('attach.title'), close: m.t('kit.done'), blocks });
}
