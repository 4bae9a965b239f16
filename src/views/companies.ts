/**
 * Companies and departments: the list (`/talep company list`), the create and edit modals, and the
 * results. The custom-fields form is the one users have (see ./users.ts).
 */
import type { Company, Department } from '../api/schemas.js';
import {
  type Block,
  context,
  divider,
  escapeText,
  header,
  type ModalView,
  modal,
  plain,
  section,
  type SlackMessage,
  truncate,
} from './kit/blocks.js';
import { problemBlock } from './kit/states.js';
import { textInput } from './kit/inputs.js';

export const CompanyIds = {
  newCallback: 'company_new',
  editCallback: 'company_edit',
  fieldsCallback: 'company_fields',
  /** Overflow menu on each listed company; option values `edit:<id>` / `fields:<id>`. */
  rowMenu: 'company_row_menu',
} as const;

export const CompanyBlocks = { name: 'name', domains: 'domains', notes: 'notes' } as const;

/** Slack allows 50 blocks in a message: room for the header, departments and a note. */
export const MAX_LISTED_COMPANIES = 40;

/** `a.com; b.com` as the help desk stores them (`;`-separated), shown one after another. */
export function domainList(emailDomain: string | null): string[] {
  return (emailDomain ?? '')
    .split(/[;,\s]+/)
    .map((domain) => domain.trim())
    .filter(Boolean);
}

export const rowMenuValue = (action: 'edit' | 'fields', companyId: number) => `${action}:${companyId}`;

/** The inverse of `rowMenuValue`, for the untrusted value Slack sends back. */
export function parseRowMenuValue(value: string | undefined): { action: 'edit' | 'fields'; companyId: number } | undefined {
  const match = /^(edit|fields):(\d{1,9})$/.exec(value ?? '');
  return match ? { action: match[1] as 'edit' | 'fields', companyId: Number(match[2]) } : undefined;
}

function companyRow(company: Company): Block {
  const domains = domainList(company.EmailDomain);
  const lines = [
    `*${escapeText(company.Name)}* · #${company.CompanyID}`,
    domains.length > 0 ? `:e-mail: ${domains.map(escapeText).join(', ')}` : '_no e-mail domains_',
  ];
  if (company.Notes?.trim()) lines.push(`_${escapeText(truncate(company.Notes.replace(/\s+/g, ' '), 200))}_`);
  return {
    type: 'section',
    text: { type: 'mrkdwn', text: lines.join('\n') },
    accessory: {
      type: 'overflow',
      action_id: CompanyIds.rowMenu,
      options: [
        { text: plain('Edit'), value: rowMenuValue('edit', company.CompanyID) },
        { text: plain('Custom fields'), value: rowMenuValue('fields', company.CompanyID) },
      ],
    },
  };
}

export function companyListMessage(companies: Company[], departments: Department[]): SlackMessage {
  const sorted = [...companies].sort((a, b) => a.Name.localeCompare(b.Name, 'tr'));
  const blocks: Block[] = [header(`Companies (${companies.length})`)];
  if (sorted.length === 0) blocks.push(section('No companies yet. Add one with `/talep company new <name>`.'));
  blocks.push(...sorted.slice(0, MAX_LISTED_COMPANIES).map(companyRow));
  if (sorted.length > MAX_LISTED_COMPANIES) {
    blocks.push(context(`…and ${sorted.length - MAX_LISTED_COMPANIES} more. Use \`/talep company edit <id>\` for any company.`));
  }
  blocks.push(divider());
  const departmentText =
    departments.length > 0
      ? departments.map((department) => `${escapeText(department.Name)} (#${department.DepartmentID})`).join(' · ')
      : '_none_';
  blocks.push(section(`*Departments (${departments.length})*\n${truncate(departmentText, 2900)}`));
  blocks.push(context('Departments are created when a user is given a new one (`/talep user new`).'));
  const names = sorted.map((company) => company.Name).join(', ');
  return { text: truncate(`Companies: ${names || 'none'}`, 300), blocks };
}

export interface CompanyFormValues {
  name?: string;
  domains?: string;
  notes?: string;
}

/** Create (no `companyId`) or edit. Create has no notes: POST /Company takes only name and domains. */
export function companyModal(form: {
  companyId?: number;
  values: CompanyFormValues;
  metadata: string;
  problem?: string;
}): ModalView {
  const editing = form.companyId !== undefined;
  const blocks: Block[] = [];
  if (form.problem) blocks.push(problemBlock(form.problem));
  blocks.push(
    textInput(CompanyBlocks.name, 'Name', form.values.name, { optional: false, maxLength: 255 }),
    textInput(CompanyBlocks.domains, 'E-mail domains', form.values.domains, {
      placeholder: 'example.com; example.org',
      hint: 'Separate domains with ;. Users with these e-mail domains belong to the company.',
    }),
  );
  if (editing) blocks.push(textInput(CompanyBlocks.notes, 'Notes', form.values.notes, { multiline: true }));
  return modal({
    callback_id: editing ? CompanyIds.editCallback : CompanyIds.newCallback,
    title: editing ? `Edit company #${form.companyId}` : 'New company',
    submit: editing ? 'Save' : 'Create',
    private_metadata: form.metadata,
    blocks,
  });
}

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
