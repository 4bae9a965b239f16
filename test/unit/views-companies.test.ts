import { describe, expect, it } from 'vitest';
import { companyCreatedMessage } from '../../src/views/companies/messages.js';
import type { Company } from '../../src/api/schemas.js';
import { companyModal } from '../../src/views/companies/form.js';
import { CompanyBlocks, CompanyIds, parseRowMenuValue, rowMenuValue } from '../../src/views/companies/ids.js';
import { companyListMessage, domainList, MAX_LISTED_COMPANIES } from '../../src/views/companies/list.js';
import { companyCreatedText } from '../../src/views/companies/messages.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';
import { longText, many } from './block-kit-fixtures.js';

const acme: Company = { CompanyID: 1, Name: 'Acme Lojistik A.Ş.', EmailDomain: 'example.com;acme.example', Notes: 'Main <customer>.' };
const bogazici: Company = { CompanyID: 2, Name: 'Boğaziçi Yazılım', EmailDomain: null, Notes: null };
const json = (value: unknown) => JSON.stringify(value);
type AnyBlock = { block_id?: string; type: string; element?: Record<string, unknown> };
const blockById = (blocks: unknown[] | undefined, id: string) => (blocks as AnyBlock[]).find((block) => block.block_id === id);

describe('companyListMessage', () => {
  it('lists companies with id, domains and escaped notes, and the departments', () => {
    const message = companyListMessage([bogazici, acme], [{ DepartmentID: 1, Name: 'IT' }, { DepartmentID: 2, Name: 'R&D' }]);
    const text = json(message.blocks);
    expect(text).toContain('Acme Lojistik A.Ş.* · #1');
    expect(text).toContain('example.com, acme.example');
    expect(text).toContain('Main &lt;customer&gt;.');
    expect(text).toContain('_no e-mail domains_');
    expect(text).toContain('IT (#1)');
    expect(text).toContain('R&amp;D (#2)');
    // Sorted by name: Acme before Boğaziçi.
    expect(text.indexOf('Acme')).toBeLessThan(text.indexOf('Boğaziçi'));
    expect(text).toContain(rowMenuValue('edit', 1));
    expect(text).toContain(rowMenuValue('fields', 2));
    expect(message.text).toContain('Acme');
  });

  it('stays within Slack’s 50 blocks for long lists and says how many were left out', () => {
    const many = Array.from({ length: 70 }, (_, index) => ({ ...bogazici, CompanyID: index + 1, Name: `Company ${String(index).padStart(2, '0')}` }));
    const message = companyListMessage(many, []);
    expect(message.blocks?.length).toBeLessThanOrEqual(50);
    expect(json(message.blocks)).toContain(`and ${70 - MAX_LISTED_COMPANIES} more`);
  });

  it('says when there are no companies', () => {
    expect(json(companyListMessage([], []).blocks)).toContain('No companies yet');
  });
});

describe('company modal', () => {
  it('creates with name and domains only (POST /Company has no notes)', () => {
    const view = companyModal({ values: {}, metadata: '' });
    expect(view.callback_id).toBe(CompanyIds.newCallback);
    expect(blockById(view.blocks, CompanyBlocks.name)).toMatchObject({ optional: false });
    expect(blockById(view.blocks, CompanyBlocks.domains)).toBeDefined();
    expect(blockById(view.blocks, CompanyBlocks.notes)).toBeUndefined();
  });

  it('edits name, domains and notes, prefilled, with the problem on top when re-rendered', () => {
    const view = companyModal({ companyId: 1, values: { name: 'Acme', domains: 'a.com; b.com', notes: 'n' }, metadata: '{"companyId":1}', problem: 'name <taken>' });
    expect(view.callback_id).toBe(CompanyIds.editCallback);
    expect(json(view.title)).toContain('#1');
    expect(blockById(view.blocks, CompanyBlocks.name)?.element).toMatchObject({ initial_value: 'Acme' });
    expect(blockById(view.blocks, CompanyBlocks.notes)?.element).toMatchObject({ initial_value: 'n', multiline: true });
    expect(json(view.blocks)).toContain('name &lt;taken&gt;');
    expect(view.private_metadata).toBe('{"companyId":1}');
  });
});

describe('company results', () => {
  it('says so when the name already existed, and that given domains were not applied', () => {
    const text = companyCreatedText({ id: 1, name: 'acme lojistik a.ş.', existed: true, existingName: 'Acme Lojistik A.Ş.', domainsGiven: true });
    expect(text).toContain('already exists');
    expect(text).toContain('#1');
    expect(text).toContain('Acme Lojistik A.Ş.');
    expect(text).toContain('*not* applied');
    expect(text).toContain('company edit 1');
  });

  it('reports a new company plainly', () => {
    const text = companyCreatedText({ id: 3, name: 'Yeni <Şirket>', existed: false, domainsGiven: false });
    expect(text).toContain('Created company *Yeni &lt;Şirket&gt;* (#3)');
    expect(text).not.toContain('already');
  });
});

describe('helpers', () => {
  it('splits stored domains', () => {
    expect(domainList('a.com;b.com; c.com')).toEqual(['a.com', 'b.com', 'c.com']);
    expect(domainList(null)).toEqual([]);
  });

  it('round-trips the row menu value and refuses anything else', () => {
    expect(parseRowMenuValue(rowMenuValue('fields', 12))).toEqual({ action: 'fields', companyId: 12 });
    expect(parseRowMenuValue('delete:1')).toBeUndefined();
    expect(parseRowMenuValue('edit:1x')).toBeUndefined();
    expect(parseRowMenuValue(undefined)).toBeUndefined();
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  it('keeps 300 companies and 200 departments of long names within the limits', () => {
    const companies: Company[] = many(300, (i) => ({ CompanyID: 100_000 + i, Name: longText(255), EmailDomain: many(20, (j) => `d${j}${'x'.repeat(60)}.example`).join(';'), Notes: longText(5000) }));
    const departments = many(200, (i) => ({ DepartmentID: i + 1, Name: longText(100) }));
    expect(checkMessage(companyListMessage(companies, departments))).toEqual([]);
  });

  it('keeps the create and edit forms within the limits with long values', () => {
    const values = { name: longText(1000), domains: longText(5000), notes: longText(20_000) };
    for (const companyId of [undefined, 123456]) {
      expect(checkView(companyModal({ companyId, values, metadata: 'x'.repeat(3000), problem: longText(5000) }))).toEqual([]);
    }
    expect(checkMessage(companyCreatedMessage({ id: 9, name: longText(5000), existed: true, existingName: longText(5000), domainsGiven: true }))).toEqual([]);
  });
});
