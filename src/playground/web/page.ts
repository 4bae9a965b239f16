/** What the parts of the page (messages, modals, the composer) need from the page itself (./client.ts). */
import type { Surface } from './elements.js';
import type { ElementPlace, PersonView, ShortcutView, Snapshot } from './protocol.js';
import type { TextContext } from './text.js';

export interface Page {
  readonly snapshot: Snapshot;
  /** The person the page acts as. */
  readonly me: string;
  readonly text: TextContext;
  person(userId: string): PersonView | undefined;
  /** The surface of a message or view (its state kept across renders), with inline errors when given. */
  surfaceFor(place: ElementPlace, blocks: unknown, errors?: Record<string, string>): Surface;
  openThread(channel: string, ts: string): void;
  /** A message shortcut from a message's menu, or a global shortcut. */
  shortcut(shortcut: ShortcutView, message?: { channel: string; ts: string }): void;
  /** Hides an ephemeral message (Slack's "Dismiss message"); the app is not told. */
  dismiss(ts: string): void;
  /** Runs a call to the server: a refusal is shown as a toast, and the workspace is read again after. */
  run(task: () => Promise<unknown>): Promise<void>;
}
