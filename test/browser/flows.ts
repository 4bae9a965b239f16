/**
 * The playground's main flows, as a person clicks through them in the page: shared by the browser test
 * (which checks each step) and `npm run screenshots` (which also saves pictures along the way).
 *
 * 1. `user` opens a talep from a seeded message (⋮ → Open a talep), picks a category, creates it.
 * 2. `agent` finds it from the bot's thread reply, assigns it to themselves and closes it.
 * 3. `agent` shows a seeded talep with `/talep show 2`, and opens the app's Home tab.
 */
import type { Locator, Page } from 'playwright-core';
import { PEOPLE } from '../../src/playground/seed.js';

/** Saves a picture of the page under a name, `height` pixels tall (default: the window); a no-op in the test. */
export type Shoot = (name: string, options?: { height?: number }) => Promise<void>;

const personId = (name: string) => PEOPLE.find((person) => person.name === name)?.id ?? name;

export async function openPlayground(page: Page, url: string, as: string): Promise<void> {
  await page.goto(`${url}/?as=${personId(as)}`);
  await page.locator('.pg-message').first().waitFor();
}

export async function switchTo(page: Page, as: string): Promise<void> {
  await page.getByLabel('You are').selectOption(personId(as));
  await page.locator(`.pg-switcher option[value="${personId(as)}"]:checked`).waitFor({ state: 'attached' });
}

export const channelMessage = (page: Page, text: string | RegExp): Locator => page.locator('.pg-main .pg-message', { hasText: text });

/** Leaves the pointer where it shows nothing (no hover toolbar in a picture), nothing focused, a modal at its top. */
async function rest(page: Page): Promise<void> {
  await page.mouse.move(2, 400);
  await page.evaluate("document.activeElement?.blur(); document.querySelector('.pg-modal-body')?.scrollTo(0, 0)");
}

/** What `user` adds to the form besides the message: tags, a date, a file. */
export const USER_FORM = {
  tags: 'printer, floor-3',
  neededBy: '2026-12-01',
  file: { name: 'printer-display.txt', mimeType: 'text/plain', buffer: Buffer.from('Display says: PAPER JAM IN TRAY 2 (error 41.2)\n') },
};

/**
 * As `user`: ⋮ → Open a talep on the printer message, Hardware (the form reloads with its fields),
 * tags, "Needed by" (a date picker), a file (a file input), Create. Returns the new talep's id.
 */
export async function userOpensTalep(page: Page, shoot: Shoot): Promise<number> {
  const message = channelMessage(page, 'printer on the 3rd floor');
  await message.hover();
  await message.getByRole('button', { name: 'More actions' }).click();
  await message.getByRole('menuitem', { name: /Open a talep/ }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByLabel('Category').selectOption({ label: 'IT Support / Hardware' });
  // Choosing a category makes the bot reload the form with that category's custom fields ("Needed by"
  // is one): type nothing before, or it would be lost with the form it was typed in.
  await dialog.getByLabel('Needed by').waitFor();
  await dialog.getByLabel('Tags').fill(USER_FORM.tags);
  await dialog.getByLabel('Needed by').fill(USER_FORM.neededBy);
  await dialog.locator('input[type=file]').setInputFiles(USER_FORM.file);
  // Uploaded to the workspace at once, as Slack does: the file shows as a chip in the input.
  await dialog.getByRole('button', { name: `Remove ${USER_FORM.file.name}` }).waitFor();
  await rest(page);
  await shoot('new-talep-modal');
  await dialog.getByRole('button', { name: 'Create' }).click();
  const created = dialog.getByText(/Talep #\d+ created/);
  await created.waitFor();
  const id = Number(/#(\d+)/.exec((await created.textContent()) ?? '')?.[1]);
  await dialog.getByRole('button', { name: 'Done' }).click();
  await dialog.waitFor({ state: 'detached' });
  return id;
}

/** As `agent`: the thread reply → Show talep → Assign to me → Close (confirmed). */
export async function agentAssignsAndCloses(page: Page, talepId: number): Promise<void> {
  const message = channelMessage(page, 'printer on the 3rd floor');
  await message.getByRole('button', { name: /1 reply/ }).click();
  const thread = page.locator('.pg-thread');
  const reply = thread.locator('.pg-message', { hasText: `#${talepId}` }).first();
  await reply.getByRole('button', { name: 'Show talep' }).click();
  const card = () => thread.locator('.pg-message-ephemeral').last();
  await card().getByText('unassigned').waitFor();
  await card().getByRole('button', { name: 'Assign to me' }).click();
  await thread.getByText(`Talep #${talepId} is assigned to you.`).waitFor();
  await card().getByRole('button', { name: 'Close', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: `Close talep #${talepId}?` });
  await confirm.getByRole('button', { name: 'Close talep' }).click();
  await thread.getByText(`Talep #${talepId} closed.`).waitFor();
  await thread.getByRole('button', { name: 'Close thread' }).click();
}

/** As `agent`: `/talep show 2` typed in the channel; the card is shown to them alone. */
export async function agentShowsTalep(page: Page, shoot: Shoot): Promise<void> {
  const box = page.getByLabel('Message', { exact: true });
  await box.fill('/talep show 2');
  await box.press('Enter');
  const card = page.locator('.pg-main .pg-message-ephemeral', { hasText: 'Cannot connect to the VPN' }).last();
  await card.getByRole('button', { name: 'Share in channel' }).waitFor();
  await rest(page);
  await shoot('talep-card', { height: 1160 });
}

/** The app's Home tab: the bot publishes it when it is opened. */
export async function opensAppHome(page: Page, shoot: Shoot): Promise<void> {
  await page.locator('.pg-sidebar').getByRole('button', { name: 'Talep' }).click();
  await page.locator('.pg-home').getByText('Connected as').waitFor();
  await rest(page);
  await shoot('app-home', { height: 420 });
}
