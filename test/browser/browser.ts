/**
 * Headless Chromium for the playground's browser test and `npm run screenshots`: Debian's `chromium`
 * (installed by scripts/install-chromium.sh, which CI runs), driven by playwright-core — no browser is
 * downloaded. Each run gets a fresh profile directory, removed afterwards.
 */
import { execFile } from 'node:child_process';
import { accessSync, constants, statSync } from 'node:fs';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { type BrowserContext, chromium } from 'playwright-core';
import { projectRoot } from '../../src/playground/page-server.js';

export const CHROMIUM = '/usr/bin/chromium';

/** Why Chromium cannot be used here (the test is skipped with this), or undefined when it can. */
export function chromiumMissing(): string | undefined {
  try {
    accessSync(CHROMIUM, constants.X_OK);
    return undefined;
  } catch {
    return (
      `The playground's browser test needs Chromium at ${CHROMIUM}, which is not installed: skipped. ` +
      'Install it with `bash scripts/install-chromium.sh` (Debian/Ubuntu: `apt-get install chromium`); CI runs that script first.'
    );
  }
}

const ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export interface Browser {
  context: BrowserContext;
  close(): Promise<void>;
}

export async function launchChromium(viewport = { width: 1280, height: 800 }): Promise<Browser> {
  const profile = await mkdtemp(join(tmpdir(), 'talep-playground-chromium-'));
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM, headless: true, args: ARGS, viewport });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}

/**
 * Compiles the page's browser code (src/playground/web → dist/playground/web) when a source is newer
 * than what was built, so the test runs the current page even without `npm run build` first.
 */
export async function buildPageIfStale(): Promise<void> {
  const root = projectRoot();
  const sources = join(root, 'src', 'playground', 'web');
  const built = join(root, 'dist', 'playground', 'web');
  const newest = Math.max(...(await readdir(sources)).filter((name) => name.endsWith('.ts')).map((name) => statSync(join(sources, name)).mtimeMs));
  const oldest = await readdir(built)
    .then((names) => Math.min(...names.filter((name) => name.endsWith('.js')).map((name) => statSync(join(built, name)).mtimeMs)))
    .catch(() => 0);
  if (oldest >= newest) return;
  await promisify(execFile)(process.execPath, [join(root, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', join(sources, 'tsconfig.json')], { cwd: root });
}
