/** `/talep company list`: companies (with a row menu: Edit, Custom fields) and departments. Pure. */
import type { Company, Department } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { type Block, context, divider, escapeText, header, plain, section, type SlackMessage, truncate } from '../kit/blocks.js';
import { CompanyIds, rowMenuValue } from './ids.js';

/** Slack allows 50 blocks in a message: room for the header, departments and a note. */
export const MAX_LISTED_COMPANIES = 40;

/** `a.com; b.com` as the help desk stores them (`;`-separated), shown one after another. */
export function domainList(emailDomain: string | null): string[] {
  return (emailDomain ?? '')
    .split(/[;,\s]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);
}

function companyRow(company: Company, m: Messages): Block {
  const domains = domainList(company.EmailDomain);
  const lines = [
    `*${escapeText(company.Name)}* · #${company.CompanyID}`,
    domains.length > 0 ? `:e-mail: ${domains.map(escapeText).join(', ')}` : m.t('companies.noDomains'),
  ];
  if (company.Notes?.trim()) lines.push(`_${escapeText(truncate(company.Notes.replace(/\s+/g, ' '), 200))}_`);
  return {
    type: 'section',
    text: { type: 'mrkdwn', text: lines.join('\n') },
    accessory: {
      type: 'overflow',
      action_id: CompanyIds.rowMenu,
      options: [
        { text: plain(m.t('companies.editOption')), value: rowMenuValue('edit', company.CompanyID) },
        { text: plain(m.t('companies.fieldsOption')), value: rowMenuValue('fields', company.CompanyID) },
      ],
    },
  };
}

export function companyListMessage(companies: Company[], departments: Department[], m: Messages = english): SlackMessage {
  const sorted = [...companies].sort((a, b) => a.Name.localeCompare(b.Name, 'tr'));
  const blocks: Block[] = [header(m.t('companies.listHeader', { count: m.number(companies.length) }))];
  if (sorted.length === 0) blocks.push(section(m.t('companies.none')));
  blocks.push(...sorted.slice(0, MAX_LISTED_COMPANIES).map((company) => companyRow(company, m)));
  if (sorted.length > MAX_LISTED_COMPANIES) {
    blocks.push(context(m.t('companies.more', { count: m.number(sorted.length - MAX_LISTED_COMPANIES) })));
  }
  blocks.push(divider());
  const departmentText =
    departments.length > 0
      ? departments.map((department) => `${escapeText(department.Name)} (#${department.DepartmentID})`).join(' · ')
      : m.t('companies.noDepartments');
  blocks.push(section(`${m.t('companies.departments', { count: m.number(departments.length) })}\n${truncate(departmentText, 2900)}`));
  blocks.push(context(m.t('companies.departmentsNote')));
  const names = sorted.map((company) => company.Name).join(', ');
  // The notification text is mrkdwn too: a company named `<!here>` must not ping anyone.
  return { text: escapeText(truncate(m.t('companies.listText', { names: names || m.t('companies.noneWord') }), 300)), blocks };
}
