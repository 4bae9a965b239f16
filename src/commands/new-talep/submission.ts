/**
 * The form's submission: read once, checked without the help desk (inline errors in the answer to
 * Slack), acknowledged with "Creating…", then created as the person (./create.ts).
 */
import type { SubmitCtx } from '../../slack/listeners.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { newTalepMetadataSchema } from '../../views/new-talep/metadata.js';
import { newTalepCreatingView, newTalepProblemView } from '../../views/new-talep/states.js';
import { submitNewTalep } from './create.js';
import { readNewTalepForm } from './read.js';
import { checkNewTalep } from './request.js';

export async function newTalepSubmitted(ctx: SubmitCtx): Promise<void> {
  const metadata = decodeMetadata(newTalepMetadataSchema, ctx.view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: newTalepProblemView(':warning: This form is out of date. Please open it again.') });
    return;
  }
  const reading = readNewTalepForm(ctx.values, ctx.services);
  const checked = checkNewTalep(reading, metadata);
  if (!checked.ok) {
    await ctx.ack({ response_action: 'errors', errors: checked.errors });
    return;
  }
  await ctx.ack({ response_action: 'update', view: newTalepCreatingView() });
  await submitNewTalep(ctx, metadata, reading, checked.values);
}
