/**
 * The new-talep form as the fault and duplicate suites use it: opened (by `/talep new` or "Open a
 * talep" on a message), with the Hardware category chosen (its fields rendered), and a submission of it
 * with a subject and body — as a payload, so a suite can deliver it as often and as it likes.
 */
import { ShortcutIds } from '../../src/commands/message-shortcuts/shortcut-ids.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { NewTalepIds } from '../../src/views/new-talep/ids.js';
import { callsSince, pick, stateOf, type View, viewOf, viewUpdateSince } from './e2e.js';
import type { Harness, Person } from './harness.js';

/** What these helpers use of a harness (a test of a bot in a child process makes its own). */
export type Driver = Pick<Harness, 'slack' | 'send' | 'as' | 'sandboxAs'>;

export interface OpenForm {
  person: Person;
  viewId: string;
  form: View;
}

const isForm = (view: View) => view.callback_id === NewTalepIds.callbackId;

/** Opens the form (`/talep new`, or "Open a talep" on `message`) and chooses Hardware. */
export async function openNewTalepForm(h: Driver, person: Person, message?: { ts: string; text: string; channelId?: string }): Promise<OpenForm> {
  let mark = h.slack.calls.length;
  if (message) await h.send.messageShortcut(h.as(person, message.channelId), ShortcutIds.openTalep, message);
  else await h.send.slash(h.as(person), 'new');
  const loaded = await viewUpdateSince(h, mark, isForm, 'the new-talep form');
  const viewId = String(loaded.args.view_id);
  const opened = viewOf(loaded);
  mark = h.slack.calls.length;
  const values = stateOf(opened, pick(NewTalepIds.category.block, NewTalepIds.category.action, String(SeedIds.categories.hardware)));
  await h.send.blockAction(
    h.as(person),
    { action_id: NewTalepIds.category.action, block_id: NewTalepIds.category.block, type: 'static_select' },
    { view: { id: viewId, private_metadata: opened.private_metadata, state: { values } } },
  );
  const chosen = await viewUpdateSince(
    h,
    mark,
    (view) => isForm(view) && JSON.parse(view.private_metadata ?? '{}').categoryId === SeedIds.categories.hardware,
    'the form with Hardware chosen',
    viewId,
  );
  return { person, viewId, form: viewOf(chosen) };
}

/** The payload Slack sends when the form is submitted with `subject` and `body` (view id: the form's, or `viewId`). */
export function newTalepSubmission(h: Driver, open: OpenForm, typed: { subject: string; body?: string; viewId?: string; person?: Person }): Record<string, unknown> {
  return h.send.submissionPayload(h.as(typed.person ?? open.person), {
    callback_id: NewTalepIds.callbackId,
    id: typed.viewId ?? open.viewId,
    private_metadata: open.form.private_metadata ?? '',
    values: stateOf(open.form, {
      ...pick(NewTalepIds.category.block, NewTalepIds.category.action, String(SeedIds.categories.hardware)),
      [NewTalepIds.subject.block]: { [NewTalepIds.subject.action]: { type: 'plain_text_input', value: typed.subject } },
      [NewTalepIds.body.block]: { [NewTalepIds.body.action]: { type: 'plain_text_input', value: typed.body ?? `About: ${typed.subject}` } },
    }),
  });
}

/** How many taleps have exactly this subject (read straight from the sandbox). */
export async function taleps(h: Driver, subject: string): Promise<number[]> {
  const found = await h.sandboxAs('admin').search({ query: subject });
  return found.filter((talep) => talep.Subject === subject).map((talep) => talep.TalepID);
}

/** The `views.update`s of `viewId` after `mark` whose view mentions `text`. */
export const updatesShowing = (h: Driver, mark: number, viewId: string, text: string | RegExp) =>
  callsSince(h, mark, 'views.update').filter(
    (call) => call.args.view_id === viewId && (typeof text === 'string' ? JSON.stringify(call.args.view).includes(text) : text.test(JSON.stringify(call.args.view))),
  );
