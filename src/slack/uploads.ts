/**
 * Files users hand the bot in Slack, on their way to a talep: a file_input's submitted state checked
 * (count, size, a link to fetch), the files downloaded with the bot token, then attached one by one,
 * each once, in durable work. Shared by the new-talep form, "Add to a talep" and "Attach files".
 */
import * as z from 'zod';
import { isHelpdeskError } from '../api/errors.js';
import type { FileUpload } from '../api/wire.js';
import { english, type Messages } from '../i18n/messages.js';
import { SlackFileError, slackFileErrorText } from './files.js';
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
export function readUploads(state: unknown, maxUploadBytes: number, m: Messages = english): UploadsReading {
  const uploads = z.array(uploadedFileSchema).safeParse(state ?? []);
  if (!uploads.success) return { ok: false, error: m.t('outbox.filesUnreadable') };
  const files = uploads.data;
  if (files.length > MAX_FILES) return { ok: false, error: m.t('outbox.filesTooMany', { max: MAX_FILES }) };
  const nameOf = (file: z.infer<typeof uploadedFileSchema>) => file.name ?? file.title ?? m.t('outbox.fileUnnamed');
  const tooLarge = files.filter((file) => (file.size ?? 0) > maxUploadBytes);
  if (tooLarge.length > 0) {
    const names = tooLarge.map((file) => `“${nameOf(file)}”`).join(', ');
    return { ok: false, error: m.t('outbox.filesTooLarge', { names, count: tooLarge.length, mb: megabytes(maxUploadBytes, m) }) };
  }
  const refs: FileRef[] = [];
  for (const file of files) {
    const url = file.url_private_download ?? file.url_private;
    if (!url) return { ok: false, error: m.t('outbox.filesNoLink') };
    refs.push({
      name: nameOf(file),
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
export function failureReason(error: unknown, m: Messages = english): string {
  return withoutLeadingEmoji(error instanceof SlackFileError ? slackFileErrorText(error, m) : errorText(error, {}, m));
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

// ── in durable work ────────────────────────────────────────────────────────────────────────────────

/** What became of one file in durable work: attached, or the warning saying why not. */
const fileStep = z.union([z.object({ attached: z.literal(true) }), z.object({ warning: z.string() })]);

export interface AttachOnceOutcome {
  /** The names of the files attached (by this run or an earlier one). */
  attached: string[];
  /** One sentence per file that was not. */
  warnings: string[];
  /** The first failure of this run (for work whose whole point is the files). */
  firstError?: unknown;
}

/** Failures that may pass (the help desk away): work that is only its files is retried for them. */
const mayPass = (error: unknown) =>
  isHelpdeskError(error) && ['unavailable', 'rate-limited', 'auth-paused', 'cancelled'].includes(error.kind);

/**
 * Attaches files to a talep in a job, each once: step `${prefix}:${index}` records what became of it,
 * so a run after a crash or a retry neither attaches a file twice nor downloads it again. A file the
 * help desk may have got without answering is looked for in the talep's attachments (name and size).
 * One file's refusal is a warning; so is the help desk being away, unless `retry` says the job should
 * rather run again later (then that failure is thrown). `downloaded`: files the run already has, by
 * their index in `files`.
 */
export async function attachFilesOnce(
  scene: { services: Services; actor: Pick<Actor, 'hd'>; steps: WorkSteps; m?: Messages },
  talepId: number,
  files: readonly FileRef[],
  options: { prefix: string; downloaded?: ReadonlyMap<number, FileUpload>; retry?: boolean },
): Promise<AttachOnceOutcome> {
  const { services, actor, steps } = scene;
  const m = scene.m ?? english;
  const outcome: AttachOnceOutcome = { attached: [], warnings: [] };
  for (const [index, file] of files.entries()) {
    if (!file.url) continue;
    const name = `${options.prefix}:${index}`;
    let done = steps.result(name, fileStep);
    if (!done) {
      let upload: FileUpload | undefined;
      try {
        upload = options.downloaded?.get(index) ?? (await downloadFiles(services, [file]))[0];
        if (!upload) continue;
        const sent = upload;
        const lookFor = () => findAttachment(actor.hd, { talepId, filename: sent.filename, size: sent.data.byteLength });
        done = await steps.once(
          name,
          fileStep,
          async () => {
            await actor.hd.attachFile({ id: talepId, uploadFile: sent });
            return { attached: true as const };
          },
          async () => ((await lookFor()) === undefined ? undefined : { attached: true as const }),
        );
      } catch (error) {
        if (options.retry && (mayPass(error) || isHelpdeskError(error, 'unknown-outcome'))) throw error;
        // Not answered: looked for once more now; a file that still is not there is reported, not retried.
        const found =
          upload && isHelpdeskError(error, 'unknown-outcome')
            ? await findAttachment(actor.hd, { talepId, filename: upload.filename, size: upload.data.byteLength }).catch(() => undefined)
            : undefined;
        const why = isHelpdeskError(error, 'unknown-outcome')
          ? m.t('outbox.fileMaybeAttached', { name: file.name })
          : m.t('outbox.fileNotAttached', { name: file.name, reason: failureReason(error, m) });
        done = found === undefined ? { warning: why } : { attached: true as const };
        outcome.firstError ??= found === undefined ? error : undefined;
        await steps.record(name, done);
      }
    }
    if ('attached' in done) outcome.attached.push(file.name);
    else outcome.warnings.push(done.warning);
  }
  return outcome;
}
