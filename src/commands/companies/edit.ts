/** Editing a company (UpdateCompany): a form prefilled from the companies list, opened at once. */
import * as z from 'zod';
import type { Interaction } from '../../slack/interaction.js';
import { type Listener, onSubmit } from '../../slack/listeners.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { actAs } from '../../slack/middleware.js';
import { inLoadingModal } from '../../slack/modals.js';
import { companyModal } from '../../views/companies/form.js';
import { CompanyIds } from '../../views/companies/ids.js';
import { domainList } from '../../views/companies/list.js';
import { companyUpdatedText } from '../../views/companies/messages.js';
import { resultView, workingView } from '../../views/kit/states.js';
import { readCompanyForm } from './form.js';
import { aboutCompany, findCompany } from './records.js';

const editMetadata = z.object({ companyId: z.int().min(1) });

const titleFor = (id: number) => `Edit company #${id}`;

/** Opens the form at once (loading), then fills it in with the company as the help desk has it. */
export async function openCompanyEdit(ix: Interaction, triggerId: string, id: number): Promise<void> {
  const opening = { triggerId, title: titleFor(id), loading: 'Reading the company…' };
  await inLoadingModal(
    ix,
    opening,
    async ({ actor, surface }) => {
      const company = await findCompany(actor.hd, id);
      await surface.update(
        companyModal({
          companyId: id,
          values: { name: company.Name, domains: domainList(company.EmailDomain).join('; '), notes: company.Notes ?? '' },
          metadata: encodeMetadata({ companyId: id }),
        }),
      );
    },
    aboutCompany(id),
  );
}

export const editCompanySubmission: Listener = onSubmit(CompanyIds.editCallback, async (ctx) => {
  const metadata = decodeMetadata(editMetadata, ctx.view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: resultView('Edit company', ':warning: This form is out of date. Open it again.') });
    return;
  }
  const form = readCompanyForm(ctx.values, true);
  if (!form.ok) {
    await ctx.ack({ response_action: 'errors', errors: form.errors });
    return;
  }
  const { companyId: id } = metadata;
  const title = titleFor(id);
  await ctx.ack({ response_action: 'update', view: workingView(title, 'Saving…') });
  const { typed, name, domains } = form.values;
  const surface = ctx.surface.withRender({
    progress: (text) => workingView(title, text),
    problem: (text) => companyModal({ companyId: id, values: typed, metadata: encodeMetadata(metadata), problem: text }),
  });
  await actAs(
    { ...ctx, surface },
    async (actor) => {
      const updated = await actor.hd.updateCompany({
        id,
        name,
        // Empty values clear the domains and the notes: the form shows everything the company has.
        emailDomains: domains,
        notes: typed.notes ?? '',
      });
      await surface.update(resultView(title, companyUpdatedText(updated)));
    },
    aboutCompany(id),
  );
});
