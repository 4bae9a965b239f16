/** The attachments list's action ids and the talep-and-file value its buttons carry. Pure. */

export const FilesIds = {
  /** value: `fileValue(talepId, fileId)`. */
  download: 'talep_file_download',
  deleteFile: 'talep_file_delete',
  /** The "Attach files" form; value: talep id. */
  attach: 'talep_files_attach',
} as const;

export const fileValue = (talepId: number, fileId: number): string => `${talepId}:${fileId}`;

export function parseFileValue(value: string | undefined): { talepId: number; fileId: number } | undefined {
  const match = /^(\d{1,9}):(\d{1,9})$/.exec(value ?? '');
  const talepId = Number(match?.[1]);
  const fileId = Number(match?.[2]);
  return talepId >= 1 && fileId >= 1 ? { talepId, fileId } : undefined;
}
