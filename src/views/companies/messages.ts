/** What creating and saving a company answers. Pure. */
import type { Company } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { escapeText, section, type SlackMessage } from '../kit/blocks.js';
import { domainList } from './list.js';

export interface CompanyCreated {
  id: number;
  name: string;
  /** The help desk returned the id of a company that was already there. */
  existed: boolean;
  /** Name of the existing company as the help desk has it (may differ in case). */
  existingName?: string;
  domainsGiven: boolean;
}

export function companyCreatedText(result: CompanyCreated, m: Messages = english): string {
  if (!result.existed) return m.t('companies.created', { name: escapeText(result.name), id: result.id });
  const params = { name: escapeText(result.existingName ?? result.name), id: result.id };
  return result.domainsGiven ? m.t('companies.existsDomainsIgnored', params) : m.t('companies.exists', params);
}

export function companyCreatedMessage(result: CompanyCreated, m: Messages = english): SlackMessage {
  const text = companyCreatedText(result, m);
  return { text, blocks: [section(text)] };
}

export function companyUpdatedText(company: Company, m: Messages = english): string {
  const domains = domainList(company.EmailDomain);
  const params = { name: escapeText(company.Name), id: company.CompanyID };
  return domains.length > 0
    ? m.t('companies.savedDomains', { ...params, domains: domains.map(escapeText).join(', ') })
    : m.t('companies.saved', params);
}
