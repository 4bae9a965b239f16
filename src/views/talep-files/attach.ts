/**
 * "Attach files" (`/talep attach <id>`, the attachments list's button): the form with a file upload,
 * the state while the files travel, and the outcome. Pure: data → Block Kit JSON.
 */
import * as z from 'zod';
import { type Block, context, escapeText, type ModalView, modal, section, truncate } from '../kit/blocks.js';
import { filesInput } from '../kit/slack-files.js';

export const AttachIds = {
  callbackId: 'talep_attach_form',
  files: { block: 'ta_files', action: 'ta_files' },
} as const;

const TITLE = 'Attach files';

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

export function attachFilesModal(form: AttachForm): ModalView {
  const blocks: Block[] = [];
  if (form.banner) blocks.push(section(form.banner));
  blocks.push(
    section(`:paperclip: Files for talep *#${form.talepId}*`),
    filesInput(AttachIds.files, form.maxUploadBytes, { optional: false }),
    context('The files are added to the talep as you, so whoever may see the talep sees them.'),
  );
  return modal({ callback_id: AttachIds.callbackId, title: TITLE, submit: 'Attach', private_metadata: form.metadata, blocks });
}

export const attachStatusView = (text: string): ModalView =>
  modal({ title: TITLE, close: 'Close', blocks: [section(text)] });

export const attachingText = (talepId: number, count: number): string =>
  `:hourglass_flowing_sand: Attaching ${count} file${count === 1 ? '' : 's'} to talep #${talepId}…`;

export interface AttachResult {
  talepId: number;
  attached: readonly string[];
  warnings: readonly string[];
}

const names = (files: readonly string[]) => files.map((name) => `“${escapeText(truncate(name, 100))}”`).join(', ');

/** One sentence: what was attached (the warnings follow it). */
export function attachedText(result: AttachResult): string {
  const count = result.attached.length;
  return `:paperclip: Attached ${count} file${count === 1 ? '' : 's'} to talep #${result.talepId}: ${names(result.attached)}.`;
}

export function attachedView(result: AttachResult): ModalView {
  const blocks: Block[] = [section(attachedText(result))];
  for (const warning of result.warnings) blocks.push(context(`:warning: ${escapeText(warning)}`));
  return modal({ title: TITLE, close: 'Done', blocks });
}
