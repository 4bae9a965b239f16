/**
 * A talep's attachments as a message (`/talep files`, the card's "More"): Download per file, Delete for
 * admins (confirmed first), "Attach files"; and the sentences the buttons answer with. Pure.
 */
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

export function filesMessage(data: FilesData, notice?: string): SlackMessage {
  const { talepId, files } = data;
  const blocks: Block[] = [];
  if (notice) blocks.push(section(notice));
  const attach = actions('talep_files_attach', [button('Attach files', FilesIds.attach, String(talepId), 'primary')]);
  if (files.length === 0) {
    blocks.push(section(`:paperclip: Talep #${talepId} has no attachments.`), attach);
    return { text: `Talep #${talepId} has no attachments.`, blocks };
  }
  blocks.push(section(`:paperclip: *Attachments of talep #${talepId}* (${files.length})`));
  const shown = files.slice(0, MAX_LISTED_FILES);
  for (const file of shown) {
    const name = escapeText(truncate(file.FileName, 150)) || 'file';
    blocks.push(section(`*${name}* · ${fileSize(file.FileSize)}`, button('Download', FilesIds.download, fileValue(talepId, file.FileID))));
  }
  if (files.length > shown.length) blocks.push(context(`…and ${files.length - shown.length} more in the help desk.`));
  if (data.canDelete) {
    const deletes = shown.map((file) =>
      button(`Delete ${truncate(file.FileName, 60)}`, rowActionId(FilesIds.deleteFile, file.FileID), fileValue(talepId, file.FileID), 'danger', {
        confirm: confirm('Delete the file?', `*${escapeText(truncate(file.FileName, 150))}* will be removed from talep #${talepId}. This cannot be undone.`, 'Delete'),
      }),
    );
    blocks.push(actions('talep_files_delete', deletes));
  }
  blocks.push(attach);
  blocks.push(context('*Download* sends you the file in a direct message from the app, fetched with your own help-desk access.'));
  return confidentialIf(data.mayHoldAgentsOnlyFiles === true, { text: `Attachments of talep #${talepId}: ${files.length}`, blocks });
}

export const fileSentText = (name: string, talepId: number): string =>
  `:inbox_tray: Sent *${escapeText(name)}* (talep #${talepId}) to you in a direct message from the app.`;

export const fileDeletedNotice = (fileId: number): string => `:wastebasket: File #${fileId} was deleted.`;

export const uploadFailedText = (reason: string): string =>
  `:warning: Slack did not take the file (${escapeText(reason)}). Try again, or open the talep in the help desk.`;
