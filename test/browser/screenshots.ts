/**
 * `npm run screenshots`: drives the playground through its main flows (./flows.ts) in headless Chromium
 * and saves the pictures the README shows into docs/screenshots/. Run by vitest (which compiles the
 * TypeScript) with its own config, vitest.screenshots.config.ts, so `npm test` never writes them.
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { startPlayground } from '../../src/playground/playground.js';
import { projectRoot } from '../../src/playground/page-server.js';
import { buildPageIfStale, chromiumMissing, launchChromium } from './browser.js';
import { agentAssignsAndCloses, agentShowsTalep, openPlayground, opensAppHome, type Shoot, switchTo, userOpensTalep } from './flows.js';

const OUT = join(projectRoot(), 'docs', 'screenshots');

it('drives the playground and saves the README’s screenshots', async () => {
  const missing = chromiumMissing();
  if (missing) throw new Error(missing);
  await buildPageIfStale();
  await mkdir(OUT, { recursive: true });
  const pg = await startPlayground();
  const browser = await launchChromium({ width: 1280, height: 800 });
  const written: string[] = [];
  try {
    const page = await browser.context.newPage();
    page.setDefaultTimeout(15_000);
    const window = { width: 1280, height: 800 };
    const shoot: Shoot = async (name, options = {}) => {
      const path = join(OUT, `${name}.png`);
      const height = options.height ?? window.height;
      // Taller than the window: the window grows for the picture (the message list keeps its bottom in view).
      if (height > window.height) await page.setViewportSize({ width: window.width, height });
      await page.evaluate('new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))');
      await page.screenshot({ path, clip: { x: 0, y: 0, width: window.width, height } });
      if (height > window.height) await page.setViewportSize(window);
      written.push(path);
    };
    await openPlayground(page, pg.url, 'user');
    const talepId = await userOpensTalep(page, shoot);
    await switchTo(page, 'agent');
    await agentAssignsAndCloses(page, talepId);
    await agentShowsTalep(page, shoot);
    await opensAppHome(page, shoot);
  } finally {
    await browser.close();
    await pg.close();
  }
  for (const path of written) process.stdout.write(`saved ${path}\n`);
  expect(written.map((path) => path.split('/').pop())).toEqual(['new-talep-modal.png', 'talep-card.png', 'app-home.png']);
}, 120_000);
