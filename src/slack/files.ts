/**
 * Downloads Slack-hosted files with the bot token (files:read), bounded in size. Uses global fetch:
 * it follows Slack's redirects and drops the Authorization header if a redirect leaves the origin.
 */
import type { SlackFile, SlackFileFetcher } from './services.js';

export class SlackFileError extends Error {
  override readonly name = 'SlackFileError';
}

export function createSlackFileFetcher(botToken: string, maxBytes: number): SlackFileFetcher {
  return {
    async download(url, filename, contentType) {
      const response = await fetch(url, { headers: { authorization: `Bearer ${botToken}` }, redirect: 'follow' });
      if (!response.ok || !response.body) {
        throw new SlackFileError(`Slack did not hand out “${filename}” (HTTP ${response.status}). Is the app in that channel?`);
      }
      const declared = Number(response.headers.get('content-length') ?? 0);
      if (declared > maxBytes) throw new SlackFileError(tooLarge(filename, maxBytes));
      const chunks: Uint8Array[] = [];
      let size = 0;
      for await (const chunk of response.body) {
        size += chunk.byteLength;
        if (size > maxBytes) throw new SlackFileError(tooLarge(filename, maxBytes));
        chunks.push(chunk);
      }
      const type = contentType ?? response.headers.get('content-type') ?? 'application/octet-stream';
      // Slack answers an HTML sign-in page instead of the file when the token lacks access.
      if (type.startsWith('text/html') && !/\.html?$/i.test(filename)) {
        throw new SlackFileError(`Slack did not hand out “${filename}”: the bot may lack the files:read scope.`);
      }
      const file: SlackFile = { filename, contentType: type, data: Buffer.concat(chunks, size) };
      return file;
    },
  };
}

function tooLarge(filename: string, maxBytes: number): string {
  return `“${filename}” is larger than ${Math.round(maxBytes / 1024 / 1024)} MB, the most the help desk upload accepts here.`;
}
