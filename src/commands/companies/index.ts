/**
 * `/talep company list | new | edit | fields` (admins): companies and departments, creating a company
 * (from arguments or a form), editing one, and its custom fields; the list's row menu opens the same
 * forms.
 */
import type { Area } from '../../slack/dispatch.js';
import { messagesOf } from '../../slack/locale.js';
import { onAction, selectedOptionValue } from '../../slack/listeners.js';
import { routePaths } from '../../slack/route-paths.js';
import { route } from '../../slack/routes.js';
import { openModal } from '../../slack/modals.js';
import { companyModal } from '../../views/companies/form.js';
import { CompanyIds, parseRowMenuValue } from '../../views/companies/ids.js';
import { companyListMessage } from '../../views/companies/list.js';
import { companyCreatedMessage } from '../../views/companies/messages.js';
import { fieldsSubmission } from '../custom-fields/public.js';
import { parseCompanyId, parseCompanyListArgs, parseNewCompanyArgs } from './args.js';
import { newCompanySubmission } from './create.js';
import { companyModalRender, editCompanySubmission, openCompanyEdit } from './edit.js';
import { companyFieldsTarget, openCompanyFields } from './fields.js';
import { createCompany } from './records.js';

const COMPANY = ['company', 'companies'];
const group = 'Administration';

export const companiesArea: Area = {
  name: 'companies',
  routes: [
    route({
      // `company` alone lists too.
      ...routePaths(COMPANY, ['list', '', 'ls', 'departments']),
      usage: 'company list',
      summary: 'Companies (with ids and e-mail domains) and departments',
      group,
      audience: 'admin',
      parse: parseCompanyListArgs,
      needs: { linked: true },
      run: async (ctx) => {
        const [companies, departments] = await Promise.all([ctx.actor.hd.companies(), ctx.actor.hd.departments()]);
        await ctx.surface.send(companyListMessage(companies, departments, messagesOf(ctx)));
      },
    }),
    route({
      ...routePaths(COMPANY, ['new', 'create', 'add']),
      usage: 'company new [name] [domains]',
      summary: 'Create a company (alone: a form); an existing name is reported, not duplicated',
      group,
      audience: 'admin',
      parse: parseNewCompanyArgs,
      needs: { linked: true },
      run: async (ctx) => {
        const m = messagesOf(ctx);
        if (!ctx.args) {
          await openModal(ctx, ctx.triggerId, companyModal({ values: {}, metadata: '' }, m), companyModalRender(m.t('companies.newTitle'), m));
          return;
        }
        await ctx.surface.send(companyCreatedMessage(await createCompany(ctx.actor.hd, ctx.args.name, ctx.args.domains), m));
      },
    }),
    route({
      ...routePaths(COMPANY, ['edit', 'update']),
      usage: 'company edit <id>',
      summary: 'Edit a company: name, e-mail domains, notes',
      group,
      audience: 'admin',
      parse: parseCompanyId,
      needs: { linked: true },
      run: (ctx) => openCompanyEdit(ctx, ctx.triggerId, ctx.args),
    }),
    route({
      ...routePaths(COMPANY, ['fields', 'custom-fields', 'cf']),
      usage: 'company fields <id>',
      summary: "A company's custom fields",
      group,
      audience: 'admin',
      parse: parseCompanyId,
      needs: { linked: true },
      run: (ctx) => openCompanyFields(ctx, ctx.triggerId, ctx.args),
    }),
  ],
  listeners: [
    newCompanySubmission,
    editCompanySubmission,
    fieldsSubmission(companyFieldsTarget),
    onAction(CompanyIds.rowMenu, async (ctx) => {
      const choice = parseRowMenuValue(selectedOptionValue(ctx.action));
      if (!choice) return;
      if (choice.action === 'edit') await openCompanyEdit(ctx, ctx.triggerId, choice.companyId);
      else await openCompanyFields(ctx, ctx.triggerId, choice.companyId);
    }),
  ],
};
