/** Editing a company (UpdateCompany): a form prefilled from the companies list, opened at once. */
import * as z from 'zod';
import type { Interaction } from '../../slack/interaction.js';
import { type Listener, onSubmit } from '../../slack/listeners.js';
import { decodeMetadata, encodeMetadata } from '../../slack/metadata.js';
import { messagesOf } from '../../slack/locale.js';
import { actAs } from '../../slack/middleware.js';
import { inLoadingModal } from '../../slack/modals.js';
import type { ModalRender } from '../../slack/surface.js';
import type { Messages } from '../../i18n/messages.js';
import { companyEditTitle, companyModal } from '../../views/companies/form.js';
import { CompanyIds } from '../../views/companies/ids.js';
import { domainList } from '../../views/companies/list.js';
import { companyUpdatedText } from '../../views/companies/messages.js';
import { resultView, workingView } from '../../views/kit/states.js';
import { readCompanyForm } from './form.js';
import { aboutCompany, findCompany } from './records.js';

const editMetadata = z.object({ companyId: z.int().min(1) });

/** A company modal's plain look in the reader's language: a spinner line, a closable warning or result. */
export const companyModalRender = (title: string, m: Messages): ModalRender => ({
  progress: (text) => workingView(title, text, m),
  problem: (text) => resultView(title, `:warning: ${text}`, undefined, m),
  result: (message) => resultView(title, message.text, undefined, m),
});

/** Opens the form at once (loading), then fills it in with the company as the help desk has it. */
export async function openCompanyEdit(ix: Interaction, triggerId: string, id: number): Promise<void> {
  const m = messagesOf(ix);
  const title = companyEditTitle(id, m);
  const opening = { triggerId, title, loading: m.t('companies.reading'), render: companyModalRender(title, m) };
  await inLoadingModal(
    ix,
    opening,
    async ({ actor, surface }) => {
      const company = await findCompany(actor.hd, id);
      await surface.update(
        companyModal(
          {
            companyId: id,
            values: { name: company.Name, domains: domainList(company.EmailDomain).join('; '), notes: company.Notes ?? '' },
            metadata: encodeMetadata({ companyId: id }),
          },
          m,
        ),
      );
    },
    aboutCompany(id, m),
  );
}

export const editCompanySubmission: Listener = onSubmit(CompanyIds.editCallback, async (ctx) => {
  const m = messagesOf(ctx);
  const metadata = decodeMetadata(editMetadata, ctx.view.private_metadata);
  if (!metadata) {
    await ctx.ack({ response_action: 'update', view: resultView(m.t('companies.editPlainTitle'), m.t('companies.formOutOfDate'), undefined, m) });
    return;
  }
  const form = readCompanyForm(ctx.values, true, m);
  if (!form.ok) {
    await ctx.ack({ response_action: 'errors', errors: form.errors });
    return;
  }
  const { companyId: id } = metadata;
  const title = companyEditTitle(id, m);
  await ctx.ack({ response_action: 'update', view: workingView(title, m.t('companies.saving'), m) });
  const { typed, name, domains } = form.values;
  const surface = ctx.surface.withRender({
    progress: (text) => workingView(title, text, m),
    problem: (text) => companyModal({ companyId: id, values: typed, metadata: encodeMetadata(metadata), problem: text }, m),
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
      await surface.update(resultView(title, companyUpdatedText(updated, m), undefined, m));
    },
    aboutCompany(id, m),
  );
});
