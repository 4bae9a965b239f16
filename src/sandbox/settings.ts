/**
 * The sandbox's JSON settings file, like the help desk's own: `DisableRateLimit: true` switches the
 * rate limits off (the spec's advice for local installations), `AllowSecondaryAssignee` enables
 * AddSecondaryAssignee, `SharedSecret` signs every token (changing it invalidates all tokens), and
 * `ResponseStyle` (sandbox only) picks the shape of the answers: `spec` (the spec's shapes, the default)
 * or `real` (what real deployments send: bare ids from creations, `IssueID`, list rows, JWT-like tokens…).
 *
 * Precedence: defaults < the file < `SandboxOptions.settings`. When a file is configured, the effective
 * settings are written back to it at start (so a generated SharedSecret survives restarts) and on every
 * update; an update first re-reads the file, so hand edits are not lost. The SharedSecret mints any
 * user's token, so the file is written 0600 in a 0700 directory (and tightened if it was looser).
 */
import { randomBytes } from 'node:crypto';
import * as z from 'zod';
import { readPrivateFile, writePrivateFile } from '../store/private-files.js';
import { type ResponseStyle, responseStyles } from '../api/shapes.js';

export interface SandboxSettings {
  DisableRateLimit: boolean;
  AllowSecondaryAssignee: boolean;
  SharedSecret: string;
  ResponseStyle: ResponseStyle;
}

const settingFields = {
  DisableRateLimit: z.boolean().optional(),
  AllowSecondaryAssignee: z.boolean().optional(),
  SharedSecret: z.string().min(1).optional(),
  ResponseStyle: z.enum(responseStyles).optional(),
};

const settingsFileSchema = z.looseObject(settingFields);

export const settingsPatchSchema = z.object(settingFields);

export class SettingsFile {
  #current: SandboxSettings;

  private constructor(
    private readonly file: string | undefined,
    initial: SandboxSettings,
  ) {
    this.#current = initial;
  }

  static async open(file: string | undefined, overrides: Partial<SandboxSettings> = {}): Promise<SettingsFile> {
    const fromFile = file ? await readSettings(file) : {};
    const initial: SandboxSettings = {
      DisableRateLimit: false,
      AllowSecondaryAssignee: false,
      SharedSecret: randomBytes(24).toString('base64url'),
      ResponseStyle: 'spec',
      ...fromFile,
      ...definedOnly(overrides),
    };
    const settings = new SettingsFile(file, initial);
    await settings.#persist(fromFile);
    return settings;
  }

  get current(): SandboxSettings {
    return this.#current;
  }

  async update(patch: Partial<SandboxSettings>): Promise<SandboxSettings> {
    const fromFile = this.file ? await readSettings(this.file) : {};
    this.#current = { ...this.#current, ...fromFile, ...definedOnly(patch) };
    await this.#persist(fromFile);
    return this.#current;
  }

  async #persist(fromFile: Record<string, unknown>): Promise<void> {
    if (!this.file) return;
    // Unknown keys someone put in the file are kept.
    await writePrivateFile(this.file, `${JSON.stringify({ ...fromFile, ...this.#current }, null, 2)}\n`);
  }
}

async function readSettings(file: string): Promise<z.infer<typeof settingsFileSchema>> {
  const text = await readPrivateFile(file);
  if (text === undefined) return {};
  const parsed = settingsFileSchema.safeParse(JSON.parse(text.replace(/^\uFEFF/, '') || '{}'));
  if (!parsed.success) throw new Error(`${file}: ${parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ')}`);
  return parsed.data;
}

function definedOnly<T extends object>(value: T): Partial<T> {
  return Object.fromEntries(Object.entries(value).filter(([, item]) => item !== undefined)) as Partial<T>;
}
