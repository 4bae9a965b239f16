/** A company's custom fields (GET /CustomFields usage 4), through the custom-fields area's form. */
import { escapeText } from '../../views/kit/blocks.js';
import type { Interaction } from '../../slack/interaction.js';
import { messagesOf } from '../../slack/locale.js';
import { CompanyIds } from '../../views/companies/ids.js';
import { openFieldsModal, perFieldTarget } from '../custom-fields/public.js';
import { aboutCompany, findCompany } from './records.js';

export const companyFieldsTarget = perFieldTarget({
  usage: 4,
  callbackId: CompanyIds.fieldsCallback,
  title: (m) => m.t('customFields.companyTitle'),
  read: (hd, id) => hd.companyCustomFields({ id }),
  write: (hd, id, fieldId, value) => hd.setCustomFieldForCompany({ id, fieldId, value }),
});

export function openCompanyFields(ix: Interaction, triggerId: string, id: number): Promise<void> {
  const m = messagesOf(ix);
  return openFieldsModal(
    ix,
    triggerId,
    companyFieldsTarget,
    async (actor) => {
      const company = await findCompany(actor.hd, id);
      return { recordId: id, subject: m.t('companies.fieldsSubject', { name: escapeText(company.Name), id }) };
    },
    aboutCompany(id, m),
  );
}
