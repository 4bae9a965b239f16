/** Reading the company form (create and edit). Pure. */
import { english, type Messages } from '../../i18n/messages.js';
import { formErrors, type FormReading, formText, formValues, type StateValues } from '../../slack/forms.js';
import type { CompanyFormValues } from '../../views/companies/form.js';
import { CompanyBlocks } from '../../views/companies/ids.js';
import { normaliseDomainsInput } from './args.js';

export interface CompanyForm {
  /** As typed: shown again in the form after the help desk refused it. */
  typed: CompanyFormValues;
  name: string;
  /** In the help desk's `a.com;b.com` form ('' for none). */
  domains: string;
}

/** The company form's values, or inline errors keyed by block id. */
export function readCompanyForm(values: StateValues, editing: boolean, m: Messages = english): FormReading<CompanyForm> {
  const typed: CompanyFormValues = {
    name: formText(values, CompanyBlocks.name),
    domains: formText(values, CompanyBlocks.domains),
    ...(editing ? { notes: formText(values, CompanyBlocks.notes) } : {}),
  };
  const errors: Record<string, string> = {};
  if (!typed.name) errors[CompanyBlocks.name] = m.t('companies.nameRequired');
  const { domains, invalid } = normaliseDomainsInput(typed.domains ?? '');
  if (invalid.length > 0) errors[CompanyBlocks.domains] = m.t('companies.invalidDomains', { list: invalid.join(', ') });
  return Object.keys(errors).length > 0 ? formErrors(errors) : formValues({ typed, name: typed.name ?? '', domains });
}
