/**
 * The playground in a real browser (headless Chromium through playwright-core): the "done when"
 * flow — as `user`, "Open a talep" on a seeded message creates a talep that `agent` then sees, assigns
 * and closes, all through the page — plus a slash command, App Home, and a payload Slack would refuse
 * shown as Slack's error. Skipped, saying why, where no Chromium is installed (CI installs it).
 */
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer } from '../../src/api/auth.js';
import { type Playground, startPlayground } from '../../src/playground/playground.js';
import { PEOPLE } from '../../src/playground/seed.js';
import { type Browser, buildPageIfStale, chromiumMissing, launchChromium } from './browser.js';
import { agentAssignsAndCloses, agentShowsTalep, openPlayground, opensAppHome, switchTo, userOpensTalep } from './flows.js';

const missing = chromiumMissing();
if (missing) console.warn(missing);

describe.skipIf(missing !== undefined)('the playground in Chromium', () => {
  let pg: Playground;
  let browser: Browser;
  let page: Page;
  const noPictures = async () => undefined;
  const pageErrors: string[] = [];

  beforeAll(async () => {
    await buildPageIfStale();
    pg = await startPlayground();
    browser = await launchChromium();
    page = await browser.context.newPage();
    page.on('pageerror', (error) => pageErrors.push(error.message));
    page.setDefaultTimeout(15_000);
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await pg?.close();
  });

  const helpdesk = (username: string) => pg.services.helpdesk.withCredential(bearer(pg.sandbox.tokenFor(username)));

  it('as user, "Open a talep" on a seeded message creates a talep that agent sees, assigns and closes', async () => {
    await openPlayground(page, pg.url, 'user');
    const talepId = await userOpensTalep(page, noPictures);
    const created = await helpdesk('agent').getTalep({ id: talepId });
    expect(created).toMatchObject({ Subject: 'The printer on the 3rd floor is jammed again', CategoryID: 1 });
    expect(created.SubmitterUserInfo?.Username).toBe('user');
    expect(created.Tags.map((tag) => tag.Name)).toEqual(expect.arrayContaining(['printer', 'floor-3']));

    await switchTo(page, 'agent');
    await agentAssignsAndCloses(page, talepId);
    const worked = await helpdesk('agent').getTalep({ id: talepId });
    expect(worked.AssigneeUserInfo?.Username).toBe('agent');
    expect(worked.StatusID).toBe(3);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('a slash command typed in the page answers only the person who typed it; App Home is published when opened', async () => {
    await agentShowsTalep(page, noPictures);
    await switchTo(page, 'user');
    await expect(page.locator('.pg-main .pg-message-ephemeral', { hasText: 'Cannot connect to the VPN' }).count()).resolves.toBe(0);
    await switchTo(page, 'agent');
    await opensAppHome(page, noPictures);
    await expect(page.locator('.pg-home').textContent()).resolves.toContain('Connected as agent');
  }, 60_000);

  it('a payload Slack would refuse is shown as Slack’s error', async () => {
    const agent = PEOPLE.find((person) => person.name === 'agent')?.id;
    const blocks = Array.from({ length: 101 }, (_, n) => ({ type: 'section', text: { type: 'mrkdwn', text: `row ${n}` } }));
    const answer = await fetch(`${pg.standIn.apiUrl}views.publish`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${pg.standIn.botToken}` },
      body: JSON.stringify({ user_id: agent, view: { type: 'home', blocks } }),
    });
    expect(await answer.json()).toMatchObject({ ok: false, error: 'invalid_arguments' });
    const notice = page.locator('.pg-notice-refused').last();
    await notice.waitFor();
    expect(await notice.textContent()).toContain('[json-pointer:/view/blocks]');
    pg.standIn.takeViolations();
  }, 30_000);
});
