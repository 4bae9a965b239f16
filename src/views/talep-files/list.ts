/**
 * A talep's attachments as a message (`/talep files`, the card's "More"): Download per file, Delete for
 * admins (confirmed first), "Attach files"; and the sentences the buttons answer with. Pure.
 */
import { english, type Messages } from '../../i18n/messages.js';
import type { AttachmentItem } from '../../api/schemas.js';
import { actions, type Block, button, confidentialIf, confirm, context, escapeText, rowActionId, section, type SlackMessage, truncate } from '../kit/blocks.js';
import { FilesIds, fileValue } from './ids.js';

/** Files listed per message (a section each, plus the admin's Delete buttons). */
export const MAX_LISTED_FILES = 20;

/** 512 B, 1.5 KB, 12 MB. */
export function fileSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB'];
  let size = bytes / 1024;
  let unit = 0;
  while (size >= 1024 && unit < units.length - 1) {
    size /= 1024;
    unit += 1;
  }
  return `${size < 10 ? size.toFixed(1) : Math.round(size)} ${units[unit]}`;
}

export interface FilesData {
  talepId: number;
  files: readonly AttachmentItem[];
  /** DeleteFile is admin only. */
  canDelete: boolean;
  /**
   * The viewer is an agent: the help desk then lists the files of agents-only comments too, without
   * saying which they are, so the list is shown only ephemerally (`confidential`).
   */
  mayHoldAgentsOnlyFiles?: boolean;
}

export function filesMessage(data: FilesData, notice?: string, m: Messages = english): SlackMessage {
  const { talepId, files } = data;
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  const attach = actions('talep_files_attach', [button(m.t('files.attachButton'), FilesIds.attach, String(talepId), 'primary')]);
  if (files.length === 0) {
    blocks.push(section(m.t('files.none', { id: talepId })), attach);
    return { text: m.t('files.noneText', { id: talepId }), blocks };
  }
  blocks.push(section(m.t('files.heading', { id: talepId, count: files.length })));
  const shown = files.slice(0, MAX_LISTED_FILES);
  for (const file of shown) {
    const name = escapeText(truncate(file.FileName, 150)) || m.t('files.file');
    blocks.push(section(`*${name}* · ${fileSize(file.FileSize)}`, button(m.t('files.downloadButton'), FilesIds.download, fileValue(talepId, file.FileID))));
  }
  if (files.length > shown.length) blocks.push(context(m.t('files.more', { count: files.length - shown.length })));
  if (data.canDelete) {
    const deletes = shown.map((file) =>
      button(m.t('files.deleteButton', { name: truncate(file.FileName, 60) }), rowActionId(FilesIds.deleteFile, file.FileID), fileValue(talepId, file.FileID), 'danger', {
        confirm: confirm(
          m.t('files.deleteQuestion'),
          m.t('files.deleteExplained', { name: escapeText(truncate(file.FileName, 150)), id: talepId }),
          m.t('files.deleteConfirm'),
          'danger',
          m.t('kit.cancel'),
        ),
      }),
    );
    blocks.push(actions('talep_files_delete', deletes));
  }
  blocks.push(attach);
  blocks.push(context(m.t('files.downloadNote')));
  return confidentialIf(data.mayHoldAgentsOnlyFiles === true, { text: m.t('files.text', { id: talepId, count: files.length }), blocks });
}

export const fileSentText = (name: string, talepId: number, m: Messages = english): string =>
  m.t('files.sent', { name: escapeText(name), id: talepId });

export const fileDeletedNotice = (fileId: number, m: Messages = english): string => m.t('files.deleted', { id: fileId });

export const uploadFailedText = (reason: string, m: Messages = english): string => m.t('files.uploadFailed', { reason: escapeText(reason) });
