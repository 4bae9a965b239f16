/** What creating and saving a company answers. Pure. */
import type { Company } from '../../api/schemas.js';
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

export function companyCreatedText(result: CompanyCreated): string {
  if (!result.existed) return `:white_check_mark: Created company *${escapeText(result.name)}* (#${result.id}).`;
  const name = escapeText(result.existingName ?? result.name);
  const domains = result.domainsGiven ? ' The e-mail domains you gave were *not* applied;' : '';
  return (
    `:information_source: A company named *${name}* already exists (#${result.id}), so nothing was created ` +
    `(the help desk answers with the existing company's id).${domains} Use \`/talep company edit ${result.id}\` to change it.`
  );
}

export function companyCreatedMessage(result: CompanyCreated): SlackMessage {
  const text = companyCreatedText(result);
  return { text, blocks: [section(text)] };
}

export function companyUpdatedText(company: Company): string {
  const domains = domainList(company.EmailDomain);
  return (
    `:white_check_mark: Saved company *${escapeText(company.Name)}* (#${company.CompanyID})` +
    (domains.length > 0 ? ` — domains ${domains.map(escapeText).join(', ')}.` : '.')
  );
}
