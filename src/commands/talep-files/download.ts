/**
 * "Download": the bytes are fetched from the help desk AS THE PERSON (so a file of an agents-only comment
 * reaches only those allowed to see it) and uploaded to them privately, in their direct conversation with
 * the app.
 */
import type { webApi } from '@slack/bolt';
import type { Download } from '../../api/client.js';
import { slackErrorCode } from '../../slack/surface.js';

/** The name Slack gets: the help desk's, without path separators. */
export function uploadName(download: Pick<Download, 'filename'>, fileId: number): string {
  const name = download.filename?.replace(/[\\/]/g, '_').trim();
  return name || `file-${fileId}`;
}

/**
 * Uploads the file into the person's direct conversation with the app, where only they see it. Answers
 * Slack's error code when Slack refuses (missing scope, file too large...), undefined when it is sent.
 */
export async function sendPrivately(
  client: webApi.WebClient,
  userId: string,
  file: { data: Uint8Array; name: string; talepId: number; comment?: string },
): Promise<string | undefined> {
  try {
    const opened = await client.conversations.open({ users: userId });
    const channel = opened.channel?.id;
    if (!channel) return 'no direct conversation';
    await client.files.uploadV2({
      channel_id: channel,
      file: Buffer.from(file.data),
      filename: file.name,
      title: file.name,
      initial_comment: file.comment ?? `From talep #${file.talepId}`,
    });
    return undefined;
  } catch (error) {
    const code = slackErrorCode(error);
    if (code) return code;
    throw error;
  }
}
