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
import { agentAssignsAndCloses, agentShowsTalep, openPlayground, opensAppHome, switchTo, USER_FORM, userOpensTalep } from './flows.js';

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
    // The file input's upload reached the help desk through the bot (downloaded from the stand-in with its token).
    const attachments = await helpdesk('agent').attachments({ id: talepId });
    expect(attachments.map((file) => file.FileName)).toEqual([USER_FORM.file.name]);
    const download = await helpdesk('agent').getAttachment({ id: attachments[0]?.FileID ?? 0 });
    expect(Buffer.from(download.data).equals(USER_FORM.file.buffer)).toBe(true);
    // The date picker's value is the talep's "Needed by" custom field.
    const fields = await helpdesk('agent').talepCustomFields({ id: talepId });
    expect(String(fields.find((field) => field.FieldName === 'Needed by')?.Value)).toContain(USER_FORM.neededBy);

    await switchTo(page, 'agent');
    await agentAssignsAndCloses(page, talepId);
    const worked = await helpdesk('agent').getTalep({ id: talepId });
    expect(worked.AssigneeUserInfo?.Username).toBe('agent');
    expect(worked.StatusID).toBe(3);
    expect(pageErrors).toEqual([]);
  }, 60_000);

  it('a slash command typed in the page answers only the person who typed it; App Home is published when opened', async () => {
    await switchTo(page, 'agent');
    await agentShowsTalep(page, noPictures);
    await switchTo(page, 'user');
    await expect(page.locator('.pg-main .pg-message-ephemeral', { hasText: 'Cannot connect to the VPN' }).count()).resolves.toBe(0);
    await switchTo(page, 'agent');
    await opensAppHome(page, noPictures);
    await expect(page.locator('.pg-home').textContent()).resolves.toContain('Connected as agent');
  }, 60_000);

  it('the unlinked newcomer gets the connect modal, whose inline error comes back from the bot', async () => {
    await switchTo(page, 'newcomer');
    await page.locator('.pg-sidebar').getByRole('button', { name: 'Talep' }).click();
    await page.locator('.pg-home').getByRole('button', { name: 'Connect help-desk account' }).click();
    const dialog = page.getByRole('dialog');
    const token = dialog.locator('.bk-input-block input, .bk-input-block textarea').first();
    await token.fill('not a token');
    await dialog.getByRole('button', { name: 'Connect' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'does not look like a token' }).waitFor();
    await dialog.getByRole('button', { name: 'Close' }).first().click();
    await dialog.waitFor({ state: 'detached' });
    expect((await pg.services.stores.accounts.lookup('T0PLAYGND', PEOPLE.find((person) => person.name === 'newcomer')?.id ?? '')).state).not.toBe('linked');
    await switchTo(page, 'agent');
  }, 30_000);

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
