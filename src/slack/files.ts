/**
 * Downloads Slack-hosted files with the bot token (files:read), bounded in size. Uses global fetch:
 * it follows Slack's redirects and drops the Authorization header if a redirect leaves the origin.
 */
import { english, type Messages } from '../i18n/messages.js';
import type { SlackFile, SlackFileFetcher } from './services.js';

/** Why Slack would not hand out a file, to be said in the reader's language. */
export type SlackFileProblem =
  | { kind: 'not-handed-out'; name: string; status: number }
  | { kind: 'no-scope'; name: string }
  | { kind: 'too-large'; name: string; maxBytes: number };

export class SlackFileError extends Error {
  override readonly name = 'SlackFileError';
  constructor(message: string, readonly problem?: SlackFileProblem) {
    super(message);
  }
}

function problemText(problem: SlackFileProblem, m: Messages): string {
  switch (problem.kind) {
    case 'not-handed-out':
      return m.t('outbox.fileNotHandedOut', { name: problem.name, status: problem.status });
    case 'no-scope':
      return m.t('outbox.fileNoScope', { name: problem.name });
    case 'too-large':
      return m.t('outbox.fileTooLargeHere', { name: problem.name, mb: m.number(Math.round(problem.maxBytes / 1024 / 1024)) });
  }
}

/** The sentence of a SlackFileError in the reader's language (its message when it has no problem). */
export const slackFileErrorText = (error: SlackFileError, m: Messages = english): string =>
  error.problem ? problemText(error.problem, m) : error.message;

/** An error whose message (for logs) is the English sentence. */
const fileError = (problem: SlackFileProblem) => new SlackFileError(problemText(problem, english), problem);

export function createSlackFileFetcher(botToken: string, maxBytes: number): SlackFileFetcher {
  return {
    async download(url, filename, contentType) {
      const response = await fetch(url, { headers: { authorization: `Bearer ${botToken}` }, redirect: 'follow' });
      if (!response.ok || !response.body) {
        throw fileError({ kind: 'not-handed-out', name: filename, status: response.status });
      }
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxBytes) throw fileError({ kind: 'too-large', name: filename, maxBytes });
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > maxBytes) throw fileError({ kind: 'too-large', name: filename, maxBytes });
        chunks.push(chunk);
      }
      const type = contentType ?? response.headers.get('content-type') ?? 'application/octet-stream';
      // Slack answers an HTML sign-in page instead of the file when the token lacks access.
      if (type.startsWith('text/html') && !/\.html?$/i.test(filename)) {
        throw fileError({ kind: 'no-scope', name: filename });
      }
      const file: SlackFile = { filename, contentType: type, data: Buffer.concat(chunks, size) };
      return file;
    },
  };
}

