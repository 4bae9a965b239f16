/**
 * Companies in the help desk. POST /Company answers an existing name with the existing company's id
 * instead of an error, so a create compares the answer with the list read just before; and there is no
 * "get one company" operation, so one is found in the list.
 */
import type { HelpdeskClient } from '../../api/client.js';
import { HelpdeskError } from '../../api/errors.js';
import type { Company } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { ErrorSubject } from '../../slack/failures.js';
import type { CompanyCreated } from '../../views/companies/messages.js';

/** Creates a company, telling "created" from "the name existed" by the list read just before. */
export async function createCompany(hd: HelpdeskClient, name: string, domains: string | undefined): Promise<CompanyCreated> {
  const before = await hd.companies();
  const { id } = await hd.createCompany({ name, ...(domains ? { emailDomains: domains } : {}) });
  const existing = before.find((company) => company.CompanyID === id);
  return {
    id,
    name,
    existed: existing !== undefined,
    ...(existing ? { existingName: existing.Name } : {}),
    domainsGiven: Boolean(domains),
  };
}

export async function findCompany(hd: HelpdeskClient, id: number): Promise<Company> {
  const company = (await hd.companies()).find((candidate) => candidate.CompanyID === id);
  if (!company) throw new HelpdeskError('not-found', `Company ${id} is not in the companies list.`, { operation: 'companies' });
  return company;
}

/** What a failure about one company names ("Company #9 was not found"). */
export const aboutCompany = (id: number, m: Messages = english): ErrorSubject => ({ label: m.t('companies.label', { id }) });
