/**
 * Files that hold tokens, secrets or user data: mode 0600 inside a 0700 directory, on every write and
 * also when the file or directory already existed with looser modes (older versions wrote 0644/0755).
 *
 * `PrivateJsonFile` is a lowdb adapter with the same atomic "write a temp file, rename it over" as
 * lowdb's own JSONFile (steno), but the temp file is created 0600 and flushed to disk before the
 * rename, so neither a reader on the machine nor a crash ever sees a loose or half-written file.
 */
import { chmod, mkdir, open, readFile, rename, stat } from 'node:fs/promises';
import { basename, dirname, join } from 'node:path';
import type { Adapter } from 'lowdb';

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/** Creates the directory (0700) or tightens an existing one to 0700. */
export async function ensurePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  await tighten(dir, PRIVATE_DIR_MODE);
}

/** Tightens an existing file to 0600; a missing file is fine (it will be created 0600). */
export async function tightenPrivateFile(file: string): Promise<void> {
  try {
    await tighten(file, PRIVATE_FILE_MODE);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

async function tighten(path: string, mode: number): Promise<void> {
  const current = (await stat(path)).mode & 0o777;
  if (current === mode) return;
  try {
    await chmod(path, mode);
  } catch (error) {
    throw new Error(
      `${path} holds private data but its mode ${current.toString(8)} could not be changed to ${mode.toString(8)} ` +
        `(${(error as Error).message}). Fix its owner or permissions.`,
    );
  }
}

/**
 * Writes `text` to `file` atomically with mode 0600: a temp file beside it (created 0600, fsynced),
 * renamed over the target. The directory is made private first.
 */
export async function writePrivateFile(file: string, text: string, options: { exclusive?: boolean } = {}): Promise<void> {
  await ensurePrivateDir(dirname(file));
  if (options.exclusive) {
    // 'wx' fails when the file exists: never overwrite (the key file).
    const handle = await open(file, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.writeFile(text, 'utf8');
      await handle.sync();
    } finally {
      await handle.close();
    }
    return;
  }
  const temp = join(dirname(file), `.${basename(file)}.tmp`);
  const handle = await open(temp, 'w', PRIVATE_FILE_MODE);
  try {
    // A temp file left over by an older version keeps its mode on open; set it before writing.
    await handle.chmod(PRIVATE_FILE_MODE);
    await handle.writeFile(text, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, file);
}

/** Reads a private text file (tightening its mode first); undefined when it does not exist. */
export async function readPrivateFile(file: string): Promise<string | undefined> {
  await tightenPrivateFile(file);
  try {
    return await readFile(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** lowdb adapter: JSON in a private file. Writes are serialised; while one runs, only the newest data waits. */
export class PrivateJsonFile<T> implements Adapter<T> {
  #running: Promise<void> | undefined;
  #pending: { text: string; done: Promise<void>; settle: (error?: unknown) => void } | undefined;

  constructor(private readonly file: string) {}

  async read(): Promise<T | null> {
    await ensurePrivateDir(dirname(this.file));
    const text = await readPrivateFile(this.file);
    return text === undefined ? null : (JSON.parse(text) as T);
  }

  write(data: T): Promise<void> {
    const text = JSON.stringify(data, null, 2);
    if (!this.#running) return this.#start(text);
    // A write is running: this data supersedes any other waiting data; all waiters resolve together.
    if (this.#pending) {
      this.#pending.text = text;
      return this.#pending.done;
    }
    let settle!: (error?: unknown) => void;
    const done = new Promise<void>((resolve, reject) => {
      settle = (error) => (error === undefined ? resolve() : reject(error));
    });
    this.#pending = { text, done, settle };
    return done;
  }

  #start(text: string): Promise<void> {
    const running = writePrivateFile(this.file, text).finally(() => {
      this.#running = undefined;
      const next = this.#pending;
      this.#pending = undefined;
      if (next) this.#start(next.text).then(() => next.settle(), (error: unknown) => next.settle(error ?? new Error('write failed')));
    });
    this.#running = running;
    return running;
  }
}
