/** Creating a company: from the command's arguments at once, or from the form. */
import type { Listener } from '../../slack/listeners.js';
import { onSubmit } from '../../slack/listeners.js';
import { messagesOf } from '../../slack/locale.js';
import { actAs } from '../../slack/middleware.js';
import { companyModal } from '../../views/companies/form.js';
import { CompanyIds } from '../../views/companies/ids.js';
import { companyCreatedText } from '../../views/companies/messages.js';
import { resultView, workingView } from '../../views/kit/states.js';
import { readCompanyForm } from './form.js';
import { createCompany } from './records.js';

export const newCompanySubmission: Listener = onSubmit(CompanyIds.newCallback, async (ctx) => {
  const m = messagesOf(ctx);
  const title = m.t('companies.newTitle');
  const form = readCompanyForm(ctx.values, false, m);
  if (!form.ok) {
    await ctx.ack({ response_action: 'errors', errors: form.errors });
    return;
  }
  await ctx.ack({ response_action: 'update', view: workingView(title, m.t('companies.creating'), m) });
  const { typed, name, domains } = form.values;
  const surface = ctx.surface.withRender({
    progress: (text) => workingView(title, text, m),
    // The form again, with what was typed and why it was refused.
    problem: (text) => companyModal({ values: typed, metadata: '', problem: text }, m),
  });
  await actAs({ ...ctx, surface }, async (actor) => {
    const created = await createCompany(actor.hd, name, domains || undefined);
    await surface.update(resultView(title, companyCreatedText(created, m), undefined, m));
  });
});
