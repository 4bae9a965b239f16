/**
 * Slack files on their way to the help desk, as forms show and carry them: the reference a modal keeps
 * in its private_metadata, the file_input block, and the list of a message's files with the reason
 * one will not be attached. Shared by the new-talep form, "Add to a talep" and "Attach files".
 */
import type { types } from '@slack/bolt';
import * as z from 'zod';
import { english, type Messages } from '../../i18n/messages.js';
import { escapeText, plain, section, truncate } from './blocks.js';

/** Slack's limit for a file_input. */
export const MAX_FILES = 10;

/** A Slack file to download and attach on submit; `skip` says why one of a message's files will not be. */
export const fileRefSchema = z.object({
  name: z.string().min(1),
  url: z.url().optional(),
  type: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  skip: z.string().optional(),
});
export type FileRef = z.infer<typeof fileRefSchema>;

/** A size in MB, one decimal under 10 MB ("2.5" / "2,5"). */
export function megabytes(bytes: number, m: Messages = english): string {
  const mb = bytes / 1024 / 1024;
  return m.number(mb >= 10 ? Math.round(mb) : Math.round(mb * 10) / 10);
}

/** A file_input for up to MAX_FILES files, with the size limit in its hint. */
export function filesInput(
  ids: { block: string; action: string },
  maxUploadBytes: number,
  options: { label?: string; optional: boolean },
  m: Messages = english,
): types.InputBlock {
  return {
    type: 'input',
    block_id: ids.block,
    label: plain(options.label ?? m.t('outbox.filesLabel')),
    optional: options.optional,
    element: { type: 'file_input', action_id: ids.action, max_files: MAX_FILES },
    hint: plain(m.t('outbox.filesHint', { max: MAX_FILES, mb: megabytes(maxUploadBytes, m) })),
  };
}

/** A message's files as a list ("attached on submit"), each skipped one with its reason; none: undefined. */
export function messageFilesBlock(files: readonly FileRef[], m: Messages = english): types.SectionBlock | undefined {
  if (files.length === 0) return undefined;
  const lines = files.map(
    (file) => `• ${escapeText(truncate(file.name, 150))}${file.skip ? m.t('outbox.fileSkipped', { reason: escapeText(file.skip) }) : ''}`,
  );
  return section(`${m.t('outbox.filesFromMessage')}\n${lines.join('\n')}`);
}

/** The files of a list that will really be downloaded and attached. */
export const attachable = (files: readonly FileRef[]): FileRef[] => files.filter((file) => file.url && !file.skip);
