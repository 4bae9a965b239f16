/**
 * New talep: `/talep new [subject]`, the App Home button, and the form they open (the shortcuts open
 * it too, through ./public.ts). Flows: ./open.ts opens the form, ./category.ts reloads it for a
 * category, ./submission.ts checks a submission and accepts it as durable work (./work.ts, the outbox),
 * which ./create.ts does: the talep, once.
 *
 * Imports go one way: views/new-talep (ids, metadata, form, states) → read.ts (the one reading of the
 * form state) → request.ts (the check); load.ts (the form's lists) and source-message.ts (the duplicate
 * guard) → create.ts → work.ts → submission.ts; open.ts, category.ts → index.ts; open.ts → public.ts.
 */
import { ok, type Parsed } from '../../slack/args.js';
import type { Area } from '../../slack/dispatch.js';
import { acknowledgeOnly, onAction, onSubmit } from '../../slack/listeners.js';
import { route } from '../../slack/routes.js';
import { truncate } from '../../views/kit/blocks.js';
import { SharedActions } from '../../views/kit/shared-actions.js';
import { NewTalepIds, SUBJECT_MAX } from '../../views/new-talep/ids.js';
import { changeCategory } from './category.js';
import { openNewTalepForm } from './open.js';
import { newTalepSubmitted } from './submission.js';
import { newTalepWork } from './work.js';

/** `/talep new [subject]`: everything after `new` prefills the subject. */
export function parseNewTalepArgs(text: string): Parsed<{ subject?: string }> {
  const subject = text.trim().replace(/\s+/g, ' ');
  return ok(subject ? { subject: truncate(subject, SUBJECT_MAX) } : {});
}

export const newTalepArea: Area = {
  name: 'new-talep',
  routes: [
    route({
      path: 'new',
      aliases: ['create'],
      usage: 'new [subject]',
      summary: 'Open a new talep (a form; the subject is optional)',
      group: 'Taleps',
      audience: 'everyone',
      parse: parseNewTalepArgs,
      needs: { linked: true },
      run: (ctx) =>
        openNewTalepForm(ctx, {
          triggerId: ctx.triggerId,
          channelId: ctx.channelId,
          ...(ctx.args.subject ? { subject: ctx.args.subject } : {}),
        }),
    }),
  ],
  listeners: [
    // The App Home button.
    onAction(SharedActions.newTalep, { linked: true }, (ctx) =>
      openNewTalepForm(ctx, { triggerId: ctx.triggerId, ...(ctx.channelId ? { channelId: ctx.channelId } : {}) }),
    ),
    onAction(NewTalepIds.category.action, { modal: true }, changeCategory),
    onSubmit(NewTalepIds.callbackId, newTalepSubmitted),
    // A link button still sends an action; it only needs its ack.
    acknowledgeOnly(NewTalepIds.openLink),
  ],
  work: [newTalepWork],
};
