/**
 * A talep's attachments: `/talep files <id>` lists them; "Download" fetches the bytes from the help desk
 * AS THE USER (so a file of an agents-only comment reaches only those allowed to see it) and uploads
 * them to that user privately, in their direct conversation with the app; "Delete" (admins) removes a
 * file after Block Kit's confirmation.
 */
import type { BlockAction, ButtonAction, RespondFn, webApi } from '@slack/bolt';
import type { Download } from '../api/client.js';
import type { SlackMessage } from '../views/kit/blocks.js';
import type { ErrorSubject } from '../slack/failures.js';
import { ExtrasIds, fileDeletedNotice, filesMessage, fileSentText, parseFileValue, uploadFailedText } from '../views/talep-extras.js';
import type { CommandModule } from './module.js';
import { type Reply, viaRespond } from './reply.js';
import type { Session } from './session.js';
import { buttonValue, forTalep, interactionContext, replaceWith, surfaceOf } from './legacy-card.js';
import { parseTalepId } from '../slack/args.js';

export async function filesFor(session: Session, talepId: number, notice?: string): Promise<SlackMessage> {
  const files = await session.hd.attachments({ id: talepId });
  return filesMessage({ talepId, files, canDelete: session.isAdmin }, notice);
}

/** The name Slack gets: the help desk's, without path separators. */
export function uploadName(download: Pick<Download, 'filename'>, fileId: number): string {
  const name = download.filename?.replace(/[\\/]/g, '_').trim();
  return name || `file-${fileId}`;
}

/** A Slack Web API refusal (`{ data: { error } }`) as its code; undefined for anything else. */
function slackErrorCode(error: unknown): string | undefined {
  const code = (error as { data?: { error?: unknown } } | undefined)?.data?.error;
  return typeof code === 'string' ? code : undefined;
}

/**
 * Uploads the file into the user's direct conversation with the app, where only they see it. Answers
 * Slack's error code when Slack refuses (missing scope, file too large...), undefined when it is sent.
 */
async function sendPrivately(client: webApi.WebClient, userId: string, data: Uint8Array, name: string, talepId: number): Promise<string | undefined> {
  try {
    const opened = await client.conversations.open({ users: userId });
    const channel = opened.channel?.id;
    if (!channel) return 'no direct conversation';
    await client.files.uploadV2({
      channel_id: channel,
      file: Buffer.from(data),
      filename: name,
      title: name,
      initial_comment: `From talep #${talepId}`,
    });
    return undefined;
  } catch (error) {
    const code = slackErrorCode(error);
    if (code) return code;
    throw error;
  }
}

type FileRef = NonNullable<ReturnType<typeof parseFileValue>>;

/** What a files-list button's work gets besides the session and the file. */
interface FileClick {
  body: BlockAction<ButtonAction>;
  respond: RespondFn;
  client: webApi.WebClient;
  reply: Reply;
}

export const talepFilesModule: CommandModule = {
  name: 'talep-files',
  register({ app, services, router }) {
    router.add<number>({
      name: 'files',
      aliases: ['attachments', 'file'],
      usage: 'files <id>',
      summary: "A talep's attachments: download them privately (admins: delete)",
      group: 'Talep extras',
      audience: 'everyone',
      parse: (text) => parseTalepId(text),
      run: (context, talepId) => forTalep(context, talepId, async (session) => context.reply.send(await filesFor(session, talepId))),
    });

    /** A button of the files list (value: the talep and the file): work on that talep as the user who clicked. */
    const onFileButton = (
      actionId: string,
      subject: (file: FileRef) => ErrorSubject,
      work: (session: Session, file: FileRef, click: FileClick) => Promise<void>,
    ) =>
      app.action<BlockAction<ButtonAction>>(actionId, async ({ ack, body, action, respond, client }) => {
        await ack();
        const reply = viaRespond(respond);
        const file = parseFileValue(buttonValue(action));
        if (!file) return reply.send({ text: ':warning: That button is out of date. Run `/talep files <id>` again.' });
        const click: FileClick = { body, respond, client, reply };
        await forTalep(interactionContext(services, body, reply), file.talepId, (session) => work(session, file, click), subject(file));
      });

    const fileOfTalep = ({ talepId, fileId }: FileRef): ErrorSubject => ({ label: `File #${fileId} of talep #${talepId}` });
    onFileButton(ExtrasIds.download, fileOfTalep, async (session, { talepId, fileId }, { body, client, reply }) => {
      const download = await session.hd.getAttachment({ id: fileId });
      const name = uploadName(download, fileId);
      const refused = await sendPrivately(client, body.user.id, download.data, name, talepId);
      if (refused) {
        services.logger.warn(`uploading file ${fileId} of talep ${talepId} to ${body.user.id} failed: ${refused}`);
        return reply.send({ text: uploadFailedText(refused) });
      }
      await reply.send({ text: fileSentText(name, talepId) });
    });

    // Block Kit's confirmation dialog asked already; the help desk allows this to admins only.
    onFileButton(ExtrasIds.deleteFile, ({ fileId }) => ({ label: `File #${fileId}` }), async (session, { talepId, fileId }, { body, respond }) => {
      await session.hd.deleteFile({ fileId });
      await replaceWith(respond, surfaceOf(body), await filesFor(session, talepId, fileDeletedNotice(fileId)));
    });
  },
};
