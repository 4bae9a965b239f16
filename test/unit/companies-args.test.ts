import type { ViewStateValue } from '@slack/bolt';
import { describe, expect, it } from 'vitest';
import { worded } from '../support/parse-problems.js';
import { normaliseDomainsInput, parseCompanyNameAndDomains, unwrapSlackLinks } from '../../src/commands/companies/args.js';
import { readCompanyForm } from '../../src/commands/companies/form.js';
import { companiesArea } from '../../src/commands/companies/index.js';
import { CompanyBlocks } from '../../src/views/companies/ids.js';
import { resolverOf } from '../support/area-routes.js';

const resolve = resolverOf(companiesArea);

describe('the company routes', () => {
  it('lists by default', () => {
    expect(resolve('company')).toEqual({ path: 'company list', ok: true, value: undefined });
    expect(resolve('company list')).toEqual({ path: 'company list', ok: true, value: undefined });
    expect(resolve('companies departments')).toEqual({ path: 'company list', ok: true, value: undefined });
  });

  it('opens the form for a bare new, and reads a name with trailing domains', () => {
    expect(resolve('company new')).toEqual({ path: 'company new', ok: true, value: undefined });
    expect(resolve('company create Yeni Şirket A.Ş. yeni.example, yeni.com.tr')).toEqual({
      path: 'company new',
      ok: true,
      value: { name: 'Yeni Şirket A.Ş.', domains: 'yeni.example;yeni.com.tr' },
    });
  });

  it('reads edit and fields ids', () => {
    expect(resolve('company edit 2')).toEqual({ path: 'company edit', ok: true, value: 2 });
    expect(resolve('company fields #1')).toEqual({ path: 'company fields', ok: true, value: 1 });
    expect(resolve('company cf 3')).toEqual({ path: 'company fields', ok: true, value: 3 });
    expect(resolve('company edit acme')).toMatchObject({ ok: false, error: expect.stringContaining('company id') });
    expect(resolve('company delete 1')).toMatchObject({ ok: false, error: expect.stringContaining('company list') });
  });
});

describe('parseCompanyNameAndDomains', () => {
  it('undoes Slack’s link escaping of domains', () => {
    expect(parseCompanyNameAndDomains('Acme <http://acme.com|acme.com>')).toEqual({ ok: true, value: { name: 'Acme', domains: 'acme.com' } });
    expect(unwrapSlackLinks('<https://x.io> and <mailto:a@b.co|a@b.co>')).toBe('x.io and a@b.co');
  });

  it('takes a name alone, keeps a one-word name that looks like a domain, and reads a quoted name', () => {
    expect(parseCompanyNameAndDomains('Boğaziçi Yazılım')).toEqual({ ok: true, value: { name: 'Boğaziçi Yazılım' } });
    expect(parseCompanyNameAndDomains('example.com')).toEqual({ ok: true, value: { name: 'example.com' } });
    expect(parseCompanyNameAndDomains('“Example.com Ltd” example.com;example.org')).toEqual({
      ok: true,
      value: { name: 'Example.com Ltd', domains: 'example.com;example.org' },
    });
    expect(worded(parseCompanyNameAndDomains('"X" not_a_domain'))).toMatchObject({ ok: false, error: expect.stringContaining('not_a_domain') });
  });
});

describe('normaliseDomainsInput', () => {
  it('joins domains with ; in lower case, once each, and names the invalid ones', () => {
    expect(normaliseDomainsInput('A.com, b.com;  a.com')).toEqual({ domains: 'a.com;b.com', invalid: [] });
    expect(normaliseDomainsInput('a.com nope')).toEqual({ domains: 'a.com;nope', invalid: ['nope'] });
    expect(normaliseDomainsInput('')).toEqual({ domains: '', invalid: [] });
  });
});

describe('readCompanyForm', () => {
  const text = (value: string) => ({ value: { type: 'plain_text_input', value } as ViewStateValue });
  it('reads name, domains and (when editing) notes', () => {
    const form = readCompanyForm(
      { [CompanyBlocks.name]: text('Acme'), [CompanyBlocks.domains]: text('a.com, b.com'), [CompanyBlocks.notes]: text('VIP') },
      true,
    );
    expect(form).toEqual({
      ok: true,
      values: { typed: { name: 'Acme', domains: 'a.com, b.com', notes: 'VIP' }, name: 'Acme', domains: 'a.com;b.com' },
    });
  });

  it('answers inline errors for a missing name and bad domains', () => {
    const form = readCompanyForm({ [CompanyBlocks.name]: text(' '), [CompanyBlocks.domains]: text('a.com, bad') }, false);
    expect(form).toEqual({
      ok: false,
      errors: { [CompanyBlocks.name]: expect.any(String), [CompanyBlocks.domains]: expect.stringContaining('bad') },
    });
  });
});
