/**
 * `/talep company …` (admins): list companies and departments, create a company (arguments or a
 * modal), edit one (modal → UpdateCompany), and edit its custom fields.
 *
 * POST /Company answers an existing name with the existing company's id instead of an error, so a
 * create compares the answer with the list read just before and says "already exists" when it was there.
 */
import type { BlockAction, OverflowAction, webApi } from '@slack/bolt';
import * as z from 'zod';
import type { HelpdeskClient } from '../api/client.js';
import { HelpdeskError } from '../api/errors.js';
import type { Company } from '../api/schemas.js';
import {
  CompanyBlocks,
  type CompanyCreated,
  companyCreatedMessage,
  companyCreatedText,
  type CompanyFormValues,
  CompanyIds,
  companyListMessage,
  companyModal,
  companyUpdatedText,
  domainList,
  parseRowMenuValue,
} from '../views/companies.js';
import { escapeText } from '../views/kit/blocks.js';
import { resultView, workingView } from '../views/kit/states.js';
import { fail, firstWord, ok, type Parsed, parseTalepId } from './args.js';
import { openFieldsModal, perFieldTarget, fieldsSubmission } from './custom-fields/public.js';
import { formText } from '../slack/forms.js';
import { decodeMetadata, encodeMetadata } from '../slack/metadata.js';
import { type ModalRender, openLoadingModal, withModalSession } from './modal-session.js';
import type { CommandModule } from './module.js';
import type { Services } from '../slack/services.js';
import { type Session, type Who, whoActs } from './session.js';
import { legacyInteraction } from './session.js';

// ── Parsing (pure) ──────────────────────────────────────────────────────────────────────────────

export type CompanyCommand =
  | { kind: 'list' }
  | { kind: 'new'; name?: string; domains?: string }
  | { kind: 'edit'; companyId: number }
  | { kind: 'fields'; companyId: number };

const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;

/** Slack escapes links in command text (`<http://acme.com|acme.com>`, `<mailto:…|…>`): back to what was typed. */
export function unwrapSlackLinks(text: string): string {
  return text.replace(/<(?:https?:\/\/|mailto:)([^|>]*)(?:\|([^>]*))?>/gi, (_match, target: string, label?: string) => label ?? target);
}

/** `a.com, b.com; c.com` → `a.com;b.com;c.com` (the help desk's `;` form); invalid domains listed. */
export function normaliseDomainsInput(text: string): { domains: string; invalid: string[] } {
  const parts = unwrapSlackLinks(text)
    .split(/[;,\s]+/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  return { domains: [...new Set(parts)].join(';'), invalid: parts.filter((part) => !DOMAIN.test(part)) };
}

/**
 * `Acme Lojistik acme.com acme.example` → name `Acme Lojistik`, domains `acme.com;acme.example`: the
 * trailing words that look like domains are domains. `"Example.com Ltd" example.com` quotes a name
 * that itself looks like one.
 */
export function parseCompanyNameAndDomains(text: string): Parsed<{ name: string; domains?: string }> {
  const input = unwrapSlackLinks(text).trim();
  const quoted = /^["“”]([^"“”]+)["“”]\s*(.*)$/.exec(input);
  if (quoted) {
    const name = (quoted[1] ?? '').trim();
    const rest = (quoted[2] ?? '').trim();
    if (!name) return fail('The company name is empty.');
    if (!rest) return ok({ name });
    const { domains, invalid } = normaliseDomainsInput(rest);
    return invalid.length > 0 ? fail(`Not e-mail domains: ${invalid.join(', ')}.`) : ok({ name, domains });
  }
  const words = input.split(/\s+/).filter(Boolean);
  let split = words.length;
  while (split > 1 && (words[split - 1] ?? '').split(/[;,]/).filter(Boolean).every((part) => DOMAIN.test(part))) split -= 1;
  const name = words.slice(0, split).join(' ');
  if (!name) return fail('Expected a company name, e.g. `company new Acme Lojistik acme.com`.');
  const rest = words.slice(split).join(' ');
  return rest ? ok({ name, domains: normaliseDomainsInput(rest).domains }) : ok({ name });
}

function companyId(text: string): Parsed<number> {
  return parseTalepId(text, 'company id');
}

export const COMPANY_USAGE = 'company list|new [name] [domains]|edit <id>|fields <id>';

export function parseCompanyCommand(text: string): Parsed<CompanyCommand> {
  const [word, rest] = firstWord(text);
  switch (word.toLowerCase()) {
    case '':
    case 'list':
    case 'ls':
    case 'departments':
      return ok({ kind: 'list' });
    case 'new':
    case 'create':
    case 'add': {
      if (!rest) return ok({ kind: 'new' });
      const parsed = parseCompanyNameAndDomains(rest);
      return parsed.ok ? ok({ kind: 'new', ...parsed.value }) : parsed;
    }
    case 'edit':
    case 'update': {
      const id = companyId(rest);
      return id.ok ? ok({ kind: 'edit', companyId: id.value }) : id;
    }
    case 'fields':
    case 'custom-fields':
    case 'cf': {
      const id = companyId(rest);
      return id.ok ? ok({ kind: 'fields', companyId: id.value }) : id;
    }
    default:
      return fail('Try `company list`, `company new <name> [domains]`, `company edit <id>` or `company fields <id>`.');
  }
}

/** The company form's values, or inline errors keyed by block id. */
export function readCompanyForm(values: Parameters<typeof formText>[0], editing: boolean): {
  values: CompanyFormValues;
  domains: string;
  errors?: Record<string, string>;
} {
  const form: CompanyFormValues = {
    name: formText(values, CompanyBlocks.name),
    domains: formText(values, CompanyBlocks.domains),
    ...(editing ? { notes: formText(values, CompanyBlocks.notes) } : {}),
  };
  const errors: Record<string, string> = {};
  if (!form.name) errors[CompanyBlocks.name] = 'A company needs a name.';
  const { domains, invalid } = normaliseDomainsInput(form.domains ?? '');
  if (invalid.length > 0) errors[CompanyBlocks.domains] = `Not e-mail domains: ${invalid.join(', ')}.`;
  return Object.keys(errors).length > 0 ? { values: form, domains, errors } : { values: form, domains };
}

// ── Help-desk work ──────────────────────────────────────────────────────────────────────────────

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

/** There is no "get one company" operation: it is found in the list. */
async function findCompany(hd: HelpdeskClient, id: number): Promise<Company> {
  const company = (await hd.companies()).find((candidate) => candidate.CompanyID === id);
  if (!company) throw new HelpdeskError('not-found', `Company ${id} is not in the companies list.`, { operation: 'companies' });
  return company;
}

export const companyFieldsTarget = perFieldTarget({
  usage: 4,
  callbackId: CompanyIds.fieldsCallback,
  title: 'Company custom fields',
  read: (hd, id) => hd.companyCustomFields({ id }),
  write: (hd, id, fieldId, value) => hd.setCustomFieldForCompany({ id, fieldId, value }),
});

const editMetadata = z.object({ companyId: z.int().min(1) });

async function openEditModal(services: Services, who: Who, client: webApi.WebClient, triggerId: string, id: number) {
  const title = `Edit company #${id}`;
  await openLoadingModal(services, who, client, { triggerId, title, loading: 'Reading the company…' }, async (session, update) => {
    const company = await findCompany(session.hd, id);
    await update(
      companyModal({
        companyId: id,
        values: { name: company.Name, domains: domainList(company.EmailDomain).join('; '), notes: company.Notes ?? '' },
        metadata: encodeMetadata({ companyId: id }),
      }),
    );
  }, { label: `Company #${id}` });
}

function openCompanyFields(services: Services, who: Who, client: webApi.WebClient, triggerId: string, id: number) {
  return openFieldsModal(legacyInteraction(services, who, client), triggerId, companyFieldsTarget, async (session) => {
    const company = await findCompany(session.hd, id);
    return { recordId: id, subject: `*${escapeText(company.Name)}* (company #${id})` };
  }, { label: `Company #${id}` });
}

// ── The module ──────────────────────────────────────────────────────────────────────────────────

export const companiesModule: CommandModule = {
  name: 'companies',
  register({ app, services, router, listen }) {
    router.add<CompanyCommand>({
      name: 'company',
      aliases: ['companies'],
      usage: COMPANY_USAGE,
      summary: 'Companies and departments: list, create (an existing name is reported, not duplicated), edit, custom fields',
      group: 'Administration',
      audience: 'admin',
      parse: parseCompanyCommand,
      run: async ({ asUser, reply, client, triggerId, teamId, userId }, command) => {
        const who = { teamId, userId };
        switch (command.kind) {
          case 'list':
            return asUser(async (session) => {
              const [companies, departments] = await Promise.all([session.hd.companies(), session.hd.departments()]);
              await reply.send(companyListMessage(companies, departments));
            });
          case 'new':
            if (command.name === undefined) {
              return asUser(async () => {
                await client.views.open({ trigger_id: triggerId, view: companyModal({ values: {}, metadata: '' }) });
              });
            }
            return asUser(async (session) => {
              await reply.send(companyCreatedMessage(await createCompany(session.hd, command.name ?? '', command.domains)));
            });
          case 'edit':
            return asUser(async () => openEditModal(services, who, client, triggerId, command.companyId));
          case 'fields':
            return asUser(async () => openCompanyFields(services, who, client, triggerId, command.companyId));
        }
      },
    });

    app.view(CompanyIds.newCallback, async ({ ack, body, view, client }) => {
      if (body.type !== 'view_submission') return;
      const form = readCompanyForm(view.state.values, false);
      if (form.errors) {
        await ack({ response_action: 'errors', errors: form.errors });
        return;
      }
      await ack({ response_action: 'update', view: workingView('New company', 'Creating the company…') });
      const render: ModalRender = {
        working: (text) => workingView('New company', text),
        problem: (text) => companyModal({ values: form.values, metadata: '', problem: text }),
      };
      await withModalSession(services, whoActs(body), client, view.id, render, async (session, update) => {
        const created = await createCompany(session.hd, form.values.name ?? '', form.domains || undefined);
        await update(resultView('New company', companyCreatedText(created)));
      });
    });

    app.view(CompanyIds.editCallback, async ({ ack, body, view, client }) => {
      if (body.type !== 'view_submission') return;
      const metadata = decodeMetadata(editMetadata, view.private_metadata);
      if (!metadata) {
        await ack({ response_action: 'update', view: resultView('Edit company', ':warning: This form is out of date. Open it again.') });
        return;
      }
      const form = readCompanyForm(view.state.values, true);
      if (form.errors) {
        await ack({ response_action: 'errors', errors: form.errors });
        return;
      }
      const { companyId: id } = metadata;
      const title = `Edit company #${id}`;
      await ack({ response_action: 'update', view: workingView(title, 'Saving…') });
      const render: ModalRender = {
        working: (text) => workingView(title, text),
        problem: (text) => companyModal({ companyId: id, values: form.values, metadata: encodeMetadata(metadata), problem: text }),
      };
      await withModalSession(services, whoActs(body), client, view.id, render, async (session, update) => {
        const updated = await session.hd.updateCompany({
          id,
          name: form.values.name ?? '',
          // Empty values clear the domains and the notes: the form shows everything the company has.
          emailDomains: form.domains,
          notes: form.values.notes ?? '',
        });
        await update(resultView(title, companyUpdatedText(updated)));
      }, { label: `Company #${id}` });
    });

    listen(fieldsSubmission(companyFieldsTarget));

    app.action<BlockAction<OverflowAction>>(CompanyIds.rowMenu, async ({ ack, body, action, client }) => {
      await ack();
      const choice = parseRowMenuValue(action.selected_option.value);
      if (!choice) return;
      const who = whoActs(body);
      if (choice.action === 'edit') await openEditModal(services, who, client, body.trigger_id, choice.companyId);
      else await openCompanyFields(services, who, client, body.trigger_id, choice.companyId);
    });
  },
};
