/** Helpers several handler groups share. */
import type { OperationName } from '../../api/endpoints.js';
import type { FileUpload } from '../../api/wire.js';
import { canSeeAttachment } from '../access.js';
import type { AttachmentRow, TalepRow, UserRow } from '../model.js';
import { talepRecord } from '../records.js';
import type { HandlerContext } from './types.js';

/** A talep as the caller may see it (files of ForTechsOnly comments hidden from regular users). */
export function talepFor<K extends OperationName>(context: HandlerContext<K>, talep: TalepRow) {
  return talepRecord(context.data, talep, context.urls, (file) => canSeeAttachment(context.caller, file, context.data), context.settings.ResponseStyle);
}

export function addAttachment<K extends OperationName>(
  context: HandlerContext<K>,
  talep: TalepRow,
  upload: FileUpload,
  by: UserRow,
  commentId: number | null = null,
): AttachmentRow {
  const file: AttachmentRow = {
    id: context.store.nextId('attachments'),
    talepId: talep.id,
    commentId,
    fileName: upload.filename,
    contentType: upload.contentType || 'application/octet-stream',
    size: upload.data.byteLength,
    dataBase64: Buffer.from(upload.data).toString('base64'),
    uploadedBy: by.id,
    date: context.now.toISOString(),
  };
  context.data.attachments.push(file);
  return file;
}


/** 1-based pages: `count=50&page=2` is items 51-100. */
export function page<T>(items: readonly T[], pageNumber: number, size: number): T[] {
  return items.slice((pageNumber - 1) * size, pageNumber * size);
}
