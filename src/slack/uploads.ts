/**
 * Files users hand the bot in Slack, on their way to a talep: a file_input's submitted state checked
 * (count, size, a link to fetch), the files downloaded with the bot token, then attached one by one.
 * Shared by the new-talep form, "Add to a talep" and "Attach files".
 */
import * as z from 'zod';
import { isHelpdeskError } from '../api/errors.js';
import type { FileUpload } from '../api/wire.js';
import { SlackFileError } from './files.js';
import { errorText } from './failures.js';
import { type FileRef, MAX_FILES, megabytes } from '../views/kit/slack-files.js';
import type { Services } from './services.js';
import type { Actor } from './actor.js';
import { findAttachment } from './reconcile.js';
import { withoutLeadingEmoji } from './surface.js';
import type { WorkSteps } from './work-steps.js';

const uploadedFileSchema = z.looseObject({
  name: z.string().min(1).optional(),
  title: z.string().optional(),
  mimetype: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  url_private_download: z.url().optional(),
  url_private: z.url().optional(),
});

/** A file_input read back: references to download, or the one sentence the input shows as its error. */
export type UploadsReading = { ok: true; files: FileRef[] } | { ok: false; error: string };

/**
 * A file_input's `files` (untrusted: Slack's view state) → references to download, or the one
 * sentence the input should show as its error.
 */
export function readUploads(state: unknown, maxUploadBytes: number): UploadsReading {
  const uploads = z.array(uploadedFileSchema).safeParse(state ?? []);
  if (!uploads.success) return { ok: false, error: 'Slack sent these files in a form I cannot read. Attach them again.' };
  const files = uploads.data;
  if (files.length > MAX_FILES) return { ok: false, error: `Attach at most ${MAX_FILES} files.` };
  const tooLarge = files.filter((file) => (file.size ?? 0) > maxUploadBytes);
  if (tooLarge.length > 0) {
    const names = tooLarge.map((file) => `“${file.name ?? file.title ?? 'file'}”`).join(', ');
    return {
      ok: false,
      error: `${names} ${tooLarge.length === 1 ? 'is' : 'are'} larger than ${megabytes(maxUploadBytes)} MB, the most the help desk accepts per file.`,
    };
  }
  const refs: FileRef[] = [];
  for (const file of files) {
    const url = file.url_private_download ?? file.url_private;
    if (!url) return { ok: false, error: 'Slack did not give me a link to these files. Attach them again.' };
    refs.push({
      name: file.name ?? file.title ?? 'file',
      url,
      ...(file.mimetype ? { type: file.mimetype } : {}),
      ...(file.size !== undefined ? { size: file.size } : {}),
    });
  }
  return { ok: true, files: refs };
}

/**
 * Why something failed, as one sentence without the leading emoji (for a list of warnings, a picker
 * option): a file Slack would not hand out says which and why, anything else as failures.ts words it.
 */
export function failureReason(error: unknown): string {
  return withoutLeadingEmoji(error instanceof SlackFileError ? error.message : errorText(error));
}

/**
 * Downloads the files with the bot token, one at a time: each may be large, and Slack rate-limits
 * file downloads per workspace. The first failure throws (a SlackFileError says which file and why).
 */
export async function downloadFiles(services: Services, files: readonly FileRef[]): Promise<FileUpload[]> {
  const uploads: FileUpload[] = [];
  for (const file of files) {
    if (!file.url) continue;
    const fetched = await services.slackFiles.download(file.url, file.name, file.type);
    uploads.push({ filename: fetched.filename, contentType: fetched.contentType, data: fetched.data });
  }
  return uploads;
}

/** What became of each file: the names attached, and each one that was not with its error. */
export interface AttachOutcome {
  attached: string[];
  failed: { filename: string; error: unknown }[];
}

/** Attaches each upload to the talep as the user; one file's failure does not stop the others. */
export async function attachUploads(session: Pick<Actor, 'hd'>, talepId: number, uploads: readonly FileUpload[]): Promise<AttachOutcome> {
  const outcome: AttachOutcome = { attached: [], failed: [] };
  for (const file of uploads) {
    try {
      await session.hd.attachFile({ id: talepId, uploadFile: file });
      outcome.attached.push(file.filename);
    } catch (error) {
      outcome.failed.push({ filename: file.filename, error });
    }
  }
  return outcome;
}

/** One warning line per file that could not be attached. */
export const attachWarnings = (outcome: AttachOutcome): string[] =>
  outcome.failed.map(({ filename, error }) => `“${filename}” could not be attached: ${failureReason(error)}`);

// ── in durable work ────────────────────────────────────────────────────────────────────────────────

/** What became of one file in durable work: attached, or the warning saying why not. */
const fileStep = z.union([z.object({ attached: z.literal(true) }), z.object({ warning: z.string() })]);

/**
 * Attaches files to a talep in a job, each once: step `${prefix}:${index}` records what became of it,
 * so a run after a crash or a retry neither attaches a file twice nor downloads it again. A file the
 * help desk may have got without answering is looked for in the talep's attachments (name and size).
 * One file's failure is a warning, never the job's: the talep exists by now. `downloaded` are files
 * the run already has (by their index in `files`).
 */
export async function attachFilesOnce(
  scene: { services: Services; actor: Pick<Actor, 'hd'>; steps: WorkSteps },
  talepId: number,
  files: readonly FileRef[],
  prefix: string,
  downloaded: ReadonlyMap<number, FileUpload> = new Map(),
): Promise<AttachOutcome> {
  const { services, actor, steps } = scene;
  const outcome: AttachOutcome = { attached: [], failed: [] };
  for (const [index, file] of files.entries()) {
    if (!file.url) continue;
    const name = `${prefix}:${index}`;
    let done = steps.result(name, fileStep);
    if (!done) {
      let upload: FileUpload | undefined;
      try {
        upload = downloaded.get(index) ?? (await downloadFiles(services, [file]))[0];
        if (!upload) continue;
        const sent = upload;
        done = await steps.once(
          name,
          fileStep,
          async () => {
            await actor.hd.attachFile({ id: talepId, uploadFile: sent });
            return { attached: true as const };
          },
          async () => ((await findAttachment(actor.hd, { talepId, filename: sent.filename, size: sent.data.byteLength })) ? { attached: true as const } : undefined),
        );
      } catch (error) {
        // Not answered: looked for once more now; a file that still is not there is reported, not retried.
        const found =
          upload && isHelpdeskError(error, 'unknown-outcome')
            ? await findAttachment(actor.hd, { talepId, filename: upload.filename, size: upload.data.byteLength }).catch(() => undefined)
            : undefined;
        const why = isHelpdeskError(error, 'unknown-outcome')
          ? `“${file.name}” may not have been attached: the help desk did not answer. Look at the talep's files.`
          : `“${file.name}” could not be attached: ${failureReason(error)}`;
        done = found ? { attached: true as const } : { warning: why };
        await steps.record(name, done);
      }
    }
    if ('attached' in done) outcome.attached.push(file.name);
    else outcome.failed.push({ filename: file.name, error: new Error(done.warning) });
  }
  return outcome;
}

/** The warnings of files attached in durable work (each already one sentence). */
export const attachWarningsOnce = (outcome: AttachOutcome): string[] =>
  outcome.failed.map(({ error }) => (error instanceof Error ? error.message : String(error)));
