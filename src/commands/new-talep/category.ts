/**
 * Choosing a category in the open form: the category decides the custom fields and the assignable
 * agents, so the form is loaded again for it, keeping what the person typed. The form waits quietly for
 * the help desk (a queued notice would replace the form being filled in); a failure shows the form
 * again with the reason on top.
 */
import { messagesOf } from '../../slack/locale.js';
import type { Actor } from '../../slack/actor.js';
import type { InModal } from '../../slack/interaction.js';
import type { ActionCtx } from '../../slack/listeners.js';
import { decodeMetadata } from '../../slack/metadata.js';
import { actAs } from '../../slack/middleware.js';
import { newTalepFormView } from '../../views/new-talep/form.js';
import { newTalepMetadataSchema } from '../../views/new-talep/metadata.js';
import { newTalepLoadingView } from '../../views/new-talep/states.js';
import { formAgainRender, formContextOf, loadForm } from './load.js';
import { readNewTalepForm } from './read.js';

export async function changeCategory(ctx: Omit<ActionCtx, 'surface'> & InModal): Promise<void> {
  const { view, services } = ctx;
  const metadata = decodeMetadata(newTalepMetadataSchema, view?.private_metadata);
  if (!view || !metadata) return;
  const { values } = readNewTalepForm(view.state.values, services);
  const where = formContextOf(metadata);
  let acting: Actor | undefined;
  const m = messagesOf(ctx);
  const surface = ctx.surface.withRender(
    formAgainRender({ services, actor: () => acting, values, where, progress: (text) => newTalepLoadingView(text, undefined, m), m }),
  );
  await actAs(
    { ...ctx, surface },
    async (actor) => {
      acting = actor;
      await surface.update(newTalepFormView(await loadForm(services, actor, values, where), m));
    },
    {},
    { quiet: true },
  );
}
