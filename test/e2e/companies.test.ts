/**
 * `/talep company …` end to end against the sandbox: list with departments, create (and the
 * "already exists" answer when the help desk hands back an existing id), edit, custom fields, and the
 * refusals for agents and regular users.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SeedIds } from '../../src/sandbox/seed.js';
import { CompanyBlocks, CompanyIds, rowMenuValue } from '../../src/views/companies/ids.js';
import { json, modalOpenedBy, modalShowing, slashAnswer, textValue } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness();

const companies = () => h.helpdeskAs('admin').companies();

const slash = async (person: Person, command: string) => (await slashAnswer(h, person, command, { status: true, ephemeral: true })).post;

describe('company list', () => {
  it('lists companies with ids and domains, and the departments', async () => {
    const post = await slash('admin', 'company list');
    const blocks = json(post.blocks);
    expect(blocks).toContain('Acme Lojistik A.Ş.* · #1');
    expect(blocks).toContain('example.com, acme.example');
    expect(blocks).toContain('Boğaziçi Yazılım');
    expect(blocks).toContain('IT (#1)');
    expect(blocks).toContain('Finance (#2)');
  });

  it('lists for a bare `company` too, and names the sub-commands after an unknown word', async () => {
    expect(json((await slash('admin', 'companies')).blocks)).toContain('Acme Lojistik A.Ş.* · #1');
    const post = await slash('admin', 'company frobnicate');
    expect(post.text).toContain('`company new &lt;name&gt; [domains]`');
    expect(post.text).toContain('`company fields &lt;id&gt;`');
  });

  it('explains to an agent that companies are for admins', async () => {
    const post = await slash('agent', 'company list');
    expect(post.text).toContain('*admin* permission');
    expect(json(post)).not.toContain('Acme');
  });
});

describe('company new', () => {
  it('creates a company with domains', async () => {
    const post = await slash('admin', 'company new Deniz Lojistik deniz.example, <http://deniz.com.tr|deniz.com.tr>');
    expect(post.text).toContain('Created company *Deniz Lojistik*');
    const created = (await companies()).find((company) => company.Name === 'Deniz Lojistik');
    expect(created?.EmailDomain).toBe('deniz.example;deniz.com.tr');
  });

  it('says "already exists" when the help desk returns an existing company’s id, and creates nothing', async () => {
    const before = (await companies()).length;
    const post = await slash('admin', 'company new acme lojistik a.ş. other.example');
    expect(post.text).toContain('already exists (#1)');
    expect(post.text).toContain('*not* applied');
    expect((await companies()).length).toBe(before);
    expect((await companies()).find((company) => company.CompanyID === 1)?.EmailDomain).toBe('example.com;acme.example');
  });

  it('creates from the modal, and reports an existing name there too', async () => {
    const opens = h.slack.callsTo('views.open').length;
    await h.send.slash(h.as('admin'), 'company new');
    const open = await h.slack.waitFor(() => h.slack.callsTo('views.open')[opens], 'views.open');
    expect((open.args.view as { callback_id: string }).callback_id).toBe(CompanyIds.newCallback);

    const submit = (viewId: string, name: string, domains = '') =>
      h.send.viewSubmission(h.as('admin'), {
        callback_id: CompanyIds.newCallback,
        id: viewId,
        values: { [CompanyBlocks.name]: textValue(name), [CompanyBlocks.domains]: textValue(domains) },
      });
    expect((await submit('V-co-bad', 'X', 'not a domain')).body).toMatchObject({ response_action: 'errors' });
    await submit('V-co-1', 'Kuzey Enerji', 'kuzey.example');
    await modalShowing(h, 'V-co-1', 'Created company *Kuzey Enerji*');
    expect((await companies()).some((company) => company.Name === 'Kuzey Enerji')).toBe(true);
    await submit('V-co-2', 'Boğaziçi Yazılım');
    await modalShowing(h, 'V-co-2', 'already exists (#2)');
  });

  it('refuses a regular user', async () => {
    const post = await slash('user', 'company new Benim Şirketim');
    expect(post.text).toContain('*admin* permission');
    expect((await companies()).some((company) => company.Name === 'Benim Şirketim')).toBe(false);
  });
});

describe('company edit', () => {
  it('opens a prefilled form and saves name, domains and notes', async () => {
    const { id, view } = await modalOpenedBy(h, () => h.send.slash(h.as('admin'), 'company edit 2'), 'Boğaziçi Yazılım');
    expect(view.callback_id).toBe(CompanyIds.editCallback);
    const res = await h.send.viewSubmission(h.as('admin'), {
      callback_id: CompanyIds.editCallback,
      id,
      private_metadata: view.private_metadata,
      values: {
        [CompanyBlocks.name]: textValue('Boğaziçi Yazılım A.Ş.'),
        [CompanyBlocks.domains]: textValue('bogazici.example; bogazici.com.tr'),
        [CompanyBlocks.notes]: textValue('Yeni müşteri.'),
      },
    });
    expect(res.body).toMatchObject({ response_action: 'update' });
    await modalShowing(h, id, 'Saved company');
    expect((await companies()).find((company) => company.CompanyID === SeedIds.companies.bogazici)).toMatchObject({
      Name: 'Boğaziçi Yazılım A.Ş.',
      EmailDomain: 'bogazici.example;bogazici.com.tr',
      Notes: 'Yeni müşteri.',
    });
  });

  it('opens from the list’s row menu', async () => {
    const { view } = await modalOpenedBy(h, 
      () => h.send.blockAction(h.as('admin'), { action_id: CompanyIds.rowMenu, type: 'overflow', selected_option: { value: rowMenuValue('edit', 1) } }),
      'Acme Lojistik',
    );
    expect(view.callback_id).toBe(CompanyIds.editCallback);
  });

  it('says when the company does not exist', async () => {
    const { view } = await modalOpenedBy(h, () => h.send.slash(h.as('admin'), 'company edit 999'), 'not found');
    expect(json(view)).toContain('Company #999');
  });

  it('shows an agent the refusal in the modal', async () => {
    await modalOpenedBy(h, () => h.send.slash(h.as('agent'), 'company edit 1'), '*admin* permission');
  });
});

describe('company custom fields', () => {
  it('shows the current values and saves the changed ones', async () => {
    const { id, view } = await modalOpenedBy(h, () => h.send.slash(h.as('admin'), 'company fields 1'), 'Contract number');
    expect(json(view)).toContain('"initial_value":"C-2025-014"');
    await h.send.viewSubmission(h.as('admin'), {
      callback_id: CompanyIds.fieldsCallback,
      id,
      private_metadata: view.private_metadata,
      values: {
        cf_16: textValue('C-2026-001'),
        cf_17: { value: { type: 'datepicker', selected_date: '2027-01-31' } },
        cf_18: textValue(''),
        cf_19: { value: { type: 'checkboxes', selected_options: [{ value: 'true' }] } },
        cf_20: textValue(''),
      },
    });
    await modalShowing(h, id, 'Saved');
    const values = Object.fromEntries((await h.helpdeskAs('admin').companyCustomFields({ id: 1 })).map((field) => [field.FieldName, field.Value]));
    expect(values).toMatchObject({
      'Contract number': 'C-2026-001',
      'Contract renewal': '2027-01-31',
      'On-site support': 'true',
      // Untouched: the dropdown the API gives no options for keeps its value.
      'Support tier': 'Gold',
    });
  });
});
