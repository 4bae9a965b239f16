/**
 * The shortcuts manifest.yml declares (./shortcut-ids.ts): on a message, "Open a talep" (the new-talep
 * form prefilled from the message, through ../new-talep/public.ts) and "Add to a talep"
 * (./add-to-talep.ts); in the shortcut menu, "New talep" (the same form, empty).
 */
import type { Area } from '../../slack/dispatch.js';
import { acknowledgeOnly, type MessageShortcutCtx, onMessageShortcut, onOptions, onShortcut, onSubmit } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { AddToTalepIds } from '../../views/message-shortcuts/add-to-talep.js';
import { openNewTalepForm } from '../new-talep/public.js';
import { addToTalepSubmitted, addToTalepWork, openAddToTalep } from './add-to-talep.js';
import { prefillFrom, readShortcutMessage, type ShortcutMessage, sourceOf } from './message.js';
import { ShortcutIds } from './shortcut-ids.js';
import { talepPickerOptions } from './talep-picker.js';

/** The shortcut's message, or the person is told it could not be read (it has no timestamp to link). */
async function messageOf(ctx: MessageShortcutCtx): Promise<ShortcutMessage | undefined> {
  const message = readShortcutMessage(ctx.message);
  if (!message) await ctx.surface.send({ text: messagesOf(ctx).t('shortcuts.noMessage') }, 'problem');
  return message;
}

export const messageShortcutsArea: Area = {
  name: 'message-shortcuts',
  listeners: [
    onMessageShortcut(ShortcutIds.openTalep, { linked: true }, async (ctx) => {
      const message = await messageOf(ctx);
      if (!message) return;
      // The talep is filed as this person: the message's footer in their words.
      const m = messagesOf(ctx);
      await openNewTalepForm(ctx, {
        triggerId: ctx.triggerId,
        channelId: ctx.channelId,
        fromMessage: {
          source: sourceOf(ctx.channelId, message, ctx.services.maxUploadBytes, m),
          prefill: () => prefillFrom(ctx.services, ctx.client, ctx.channelId, message, m),
        },
      });
    }),
    onMessageShortcut(ShortcutIds.addToTalep, { linked: true }, async (ctx) => {
      const message = await messageOf(ctx);
      if (message) await openAddToTalep(ctx, message);
    }),
    onShortcut(ShortcutIds.newTalep, { linked: true }, (ctx) => openNewTalepForm(ctx, { triggerId: ctx.triggerId })),
    onOptions(AddToTalepIds.talep.action, talepPickerOptions),
    onSubmit(AddToTalepIds.callbackId, addToTalepSubmitted),
    // A link button still sends an action; it only needs its ack.
    acknowledgeOnly(AddToTalepIds.openLink),
  ],
  work: [addToTalepWork],
};
