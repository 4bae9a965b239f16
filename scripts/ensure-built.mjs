#!/usr/bin/env node
/**
 * Makes sure `dist/` is the build of the current sources, building only when it is not, so that
 * `npm start` starts the built bot at once (a configuration error is told in about a second, not after
 * a TypeScript build) and still works on a fresh clone or after an edit.
 *
 *   node scripts/ensure-built.mjs            `prestart` / `presandbox` / `prerotate-key`: build when
 *                                            dist/ is missing or stale; fail with one sentence when that
 *                                            is needed and TypeScript (a dev dependency) is not installed
 *   node scripts/ensure-built.mjs --install  `prepare` (run by `npm ci`): the same, but without
 *                                            TypeScript (`npm ci --omit=dev`) it only says what to do
 *   node scripts/ensure-built.mjs --always   `npm run build`: build even when fresh
 *
 * Fresh means: `dist/.build-stamp` holds the hash of every input of the build (src/, the tsconfig
 * files, the lockfile, and package.json's type and dependencies) as it was when the build succeeded.
 * Without src/ (an image that ships only dist/) the build is taken as it is. Concurrent runs (tests) take turns on a lock.
 * Plain JavaScript on purpose: it must run before anything is built.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(root, 'dist');
const stampFile = join(dist, '.build-stamp');
const lockDir = join(root, '.build-lock');
const installMode = process.argv.includes('--install');
const always = process.argv.includes('--always');

const PRODUCTION_BUILD = 'npm ci && npm run build && npm prune --omit=dev';

/** Every file whose change changes the build. */
function buildInputs() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts')) files.push(path);
    }
  };
  walk(join(root, 'src'));
  for (const name of ['tsconfig.json', 'tsconfig.build.json', 'src/playground/web/tsconfig.json', 'package-lock.json']) {
    const path = join(root, name);
    if (existsSync(path)) files.push(path);
  }
  return files.sort();
}

function sourceHash() {
  const hash = createHash('sha256');
  // Of package.json only what the build depends on (its scripts may change without a rebuild).
  const { type, dependencies, devDependencies } = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8'));
  hash.update(JSON.stringify({ type, dependencies, devDependencies })).update('\0');
  for (const file of buildInputs()) {
    hash.update(relative(root, file)).update('\0').update(readFileSync(file)).update('\0');
  }
  return hash.digest('hex');
}

function isFresh(hash) {
  if (!existsSync(join(dist, 'index.js'))) return false;
  try {
    return readFileSync(stampFile, 'utf8').trim() === hash;
  } catch {
    return false;
  }
}

function typescriptCompiler() {
  try {
    return createRequire(join(root, 'package.json')).resolve('typescript/bin/tsc');
  } catch {
    return undefined;
  }
}

/** Waits for another build of the same tree (parallel tests); a lock older than 5 minutes is stale. */
async function withLock(fn) {
  const deadline = Date.now() + 5 * 60_000;
  for (;;) {
    try {
      mkdirSync(lockDir);
      break;
    } catch (error) {
      if (error.code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lockDir).mtimeMs > 5 * 60_000) rmSync(lockDir, { recursive: true, force: true });
      } catch {
        // gone meanwhile: try again
      }
      if (Date.now() > deadline) throw new Error(`another build holds ${lockDir}; remove it if no build is running`);
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
  try {
    return await fn();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

async function main() {
  if (!existsSync(join(root, 'src'))) {
    if (existsSync(join(dist, 'index.js'))) return 0;
    process.stderr.write('talep-bot: neither src/ nor dist/ is here: nothing to start.\n');
    return 1;
  }
  return withLock(() => {
    const hash = sourceHash();
    if (!always && isFresh(hash)) return 0;
    const tsc = typescriptCompiler();
    const why = existsSync(join(dist, 'index.js')) ? 'dist/ is older than the sources' : 'dist/ is missing';
    if (!tsc && always) {
      process.stderr.write('talep-bot: cannot build: TypeScript (a dev dependency) is not installed; run `npm ci` first.\n');
      return 1;
    }
    if (!tsc) {
      if (installMode) {
        process.stderr.write(`talep-bot: not built (TypeScript is a dev dependency). To build for production: ${PRODUCTION_BUILD}\n`);
        return 0;
      }
      if (existsSync(join(dist, 'index.js'))) {
        process.stderr.write('talep-bot: dist/ was built from other sources and TypeScript is not installed to rebuild it; starting the build that is there.\n');
        return 0;
      }
      process.stderr.write(
        `talep-bot cannot start: ${why} and TypeScript (a dev dependency) is not installed to build it. ` +
          `Build first with \`${PRODUCTION_BUILD}\`, then \`npm start\` (or \`node --single-threaded-gc dist/index.js\`).\n`,
      );
      return 1;
    }
    if (!always) process.stderr.write(`talep-bot: ${why}; building (tsc -p tsconfig.build.json)…\n`);
    const started = Date.now();
    // The bot, then the playground's page (browser code with its own settings).
    const result = [['-p', 'tsconfig.build.json'], ['-p', 'src/playground/web/tsconfig.json']].reduce(
      (last, args) => (last.status === 0 ? spawnSync(process.execPath, [tsc, ...args], { cwd: root, stdio: 'inherit' }) : last),
      { status: 0 },
    );
    if (result.status !== 0) {
      rmSync(stampFile, { force: true });
      process.stderr.write('talep-bot: the build failed (see above).\n');
      return 1;
    }
    writeFileSync(stampFile, `${hash}\n`);
    process.stderr.write(`talep-bot: built in ${((Date.now() - started) / 1000).toFixed(1)} s.\n`);
    return 0;
  });
}

process.exitCode = await main();
