/**
 * Closing a talep: `/talep close <id>` asks first (with a "do not e-mail anyone" checkbox), and the
 * card's Close button (Block Kit's confirm dialog asked already). Both answer with the refreshed card.
 */
import { isClosed } from '../domain/status.js';
import { TalepCardIds } from '../views/talep-card/ids.js';
import {
  closeCancelledMessage,
  closeConfirmation,
  CloseIds,
  type MessageStateValues,
  suppressNotificationFrom,
} from '../views/talep-close.js';
import { fail, ok, type Parsed, withTalepId } from './args.js';
import type { CommandModule } from './module.js';
import type { Session } from './session.js';
import { forTalepWithCard, onCardAction, readTalepButton, talepIdOfButton } from './legacy-card.js';

export function parseCloseArgs(text: string): Parsed<number> {
  return withTalepId(text, (talepId, remainder) =>
    remainder ? fail(`\`close\` takes only a talep id; got “${remainder}” after it.`) : ok(talepId),
  );
}

export const closedNotice = (talepId: number, quiet: boolean): string =>
  `:white_check_mark: Talep #${talepId} closed.${quiet ? ' Nobody was notified.' : ''}`;

async function closeTalep(session: Session, talepId: number, quiet: boolean): Promise<string> {
  await session.hd.closeTalep({ id: talepId, ...(quiet ? { suppressNotification: true } : {}) });
  return closedNotice(talepId, quiet);
}

export const talepCloseModule: CommandModule = {
  name: 'talep-close',
  register({ app, services, router }) {
    router.add<number>({
      name: 'close',
      usage: 'close <id>',
      summary: 'Close a talep (asks first; you can skip the closing e-mail)',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseCloseArgs,
      run: (context, talepId) =>
        forTalepWithCard(services, context, talepId, async (session) => {
          const talep = await session.hd.getTalep({ id: talepId });
          if (isClosed(talep)) return `:information_source: Talep #${talepId} is already closed.`;
          await context.reply.send(closeConfirmation({ id: talepId, subject: talep.Subject }));
          return false;
        }),
    });

    // The card's Close button asked with Block Kit's confirm dialog already.
    onCardAction(app, services, TalepCardIds.close, readTalepButton, ({ session, talepId }) => closeTalep(session, talepId, false));

    // ── the close confirmation ──

    onCardAction(app, services, CloseIds.confirm, readTalepButton, ({ session, talepId, body }) =>
      closeTalep(session, talepId, suppressNotificationFrom(body.state?.values as MessageStateValues | undefined)),
    );

    app.action(CloseIds.cancel, async ({ ack, action, respond }) => {
      await ack();
      const talepId = talepIdOfButton(action);
      await respond({
        response_type: 'ephemeral',
        replace_original: true,
        ...(talepId === undefined ? { text: 'Cancelled.' } : closeCancelledMessage(talepId)),
      });
    });

    // Ticking the checkbox sends an action too; its value is read when Confirm is pressed.
    app.action(CloseIds.quiet, async ({ ack }) => ack());
  },
};
