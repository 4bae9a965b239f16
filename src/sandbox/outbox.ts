/**
 * The sandbox never sends e-mail. It records each message the real help desk would send, one entry per
 * recipient, so tests can check `suppressConfirmation`, `suppressNotification`, `recipientIds` and
 * `sendWelcomeEmail`. Listed by `GET /__sandbox/outbox`; kept in memory (a restart empties it).
 */
export type EmailKind = 'talep-confirmation' | 'talep-closed' | 'comment' | 'welcome';

export interface SentEmail {
  to: string;
  subject: string;
  kind: EmailKind;
  talepId?: number;
  /** ISO 8601. */
  at: string;
}

export class Outbox {
  readonly #sent: SentEmail[] = [];

  record(email: SentEmail): void {
    this.#sent.push(email);
  }

  list(): SentEmail[] {
    return this.#sent.map((email) => ({ ...email }));
  }

  clear(): void {
    this.#sent.length = 0;
  }
}
