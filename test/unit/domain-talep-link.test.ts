/** The talep's web link, both ways, from one template (src/api/talep-link.ts). */
import { describe, expect, it } from 'vitest';
import {
  defaultTalepUrlTemplate,
  talepIdFromUrl,
  talepUrl,
  talepUrlTemplate,
  talepUrlTemplateProblem,
} from '../../src/domain/talep-link.js';

const API = 'https://hd.example.com/helpdesk/api';
const DEFAULT = 'https://hd.example.com/helpdesk/Talep/{id}';

describe('the template', () => {
  it('defaults to <root>/Talep/{id}, the root being the API base URL without /api', () => {
    expect(defaultTalepUrlTemplate(API)).toBe(DEFAULT);
    expect(defaultTalepUrlTemplate('http://127.0.0.1:8080/api/')).toBe('http://127.0.0.1:8080/Talep/{id}');
    expect(talepUrlTemplate(API)).toBe(DEFAULT);
    expect(talepUrlTemplate(API, '')).toBe(DEFAULT);
    expect(talepUrlTemplate(API, 'https://desk.example.com/Ticket/{id}')).toBe('https://desk.example.com/Ticket/{id}');
  });

  it('must be an http(s) address with {id}', () => {
    expect(talepUrlTemplateProblem('https://desk.example.com/Ticket/{id}')).toBeUndefined();
    expect(talepUrlTemplateProblem('https://desk.example.com/View?ticket={id}&tab=1')).toBeUndefined();
    expect(talepUrlTemplateProblem('https://desk.example.com/Ticket/')).toMatch(/\{id\}/);
    expect(talepUrlTemplateProblem('ftp://desk.example.com/{id}')).toMatch(/http\(s\)/);
    expect(talepUrlTemplateProblem('https://desk.example.com/<{id}>')).toMatch(/http\(s\)/);
  });
});

describe('talepUrl', () => {
  it("is the record's own Url when it is a web link", () => {
    expect(talepUrl({ TalepID: 12, Url: 'https://hd.example.com/helpdesk/Ticket/12' }, DEFAULT)).toBe('https://hd.example.com/helpdesk/Ticket/12');
  });

  it('is the template with the id otherwise: no Url (real list rows), an unsafe one, or just an id', () => {
    expect(talepUrl({ TalepID: 12 }, DEFAULT)).toBe('https://hd.example.com/helpdesk/Talep/12');
    expect(talepUrl({ TalepID: 12, Url: 'javascript:alert(1)' }, DEFAULT)).toBe('https://hd.example.com/helpdesk/Talep/12');
    expect(talepUrl({ TalepID: 12, Url: 'https://x.example/a|b' }, DEFAULT)).toBe('https://hd.example.com/helpdesk/Talep/12');
    expect(talepUrl({ TalepID: 12, Url: '' }, DEFAULT)).toBe('https://hd.example.com/helpdesk/Talep/12');
    expect(talepUrl(7, 'https://desk.example.com/View?ticket={id}')).toBe('https://desk.example.com/View?ticket=7');
  });
});

describe('talepIdFromUrl', () => {
  it('reads the id back from what talepUrl builds', () => {
    for (const template of [DEFAULT, 'https://desk.example.com/View?ticket={id}&tab=1', 'http://127.0.0.1:8080/t/{id}/details']) {
      expect(talepIdFromUrl(talepUrl(4711, template), template), template).toBe(4711);
    }
  });

  it('tolerates case, a trailing slash, a query or a fragment', () => {
    expect(talepIdFromUrl('https://HD.example.com/helpdesk/talep/12/', DEFAULT)).toBe(12);
    expect(talepIdFromUrl('https://hd.example.com/helpdesk/Talep/12?tab=comments#c5', DEFAULT)).toBe(12);
    expect(talepIdFromUrl('  https://hd.example.com/helpdesk/Talep/12  ', DEFAULT)).toBe(12);
  });

  it("accepts the records' own Url forms on the same site: /Ticket/<id> (real servers), /Talep/View/<id>", () => {
    expect(talepIdFromUrl('https://hd.example.com/helpdesk/Ticket/12', DEFAULT)).toBe(12);
    expect(talepIdFromUrl('https://hd.example.com/helpdesk/Talep/View/12', DEFAULT)).toBe(12);
    expect(talepIdFromUrl('https://desk.example.com/Ticket/12', 'https://desk.example.com/View?ticket={id}')).toBe(12);
  });

  it('is undefined for anything else: other sites, other pages, no id, 0, not a web link', () => {
    expect(talepIdFromUrl('https://evil.example.com/helpdesk/Talep/12', DEFAULT)).toBeUndefined();
    expect(talepIdFromUrl('https://evil.example.com/helpdesk/Ticket/12', DEFAULT)).toBeUndefined();
    expect(talepIdFromUrl('https://hd.example.com/helpdesk/KB/View/12', DEFAULT)).toBeUndefined();
    expect(talepIdFromUrl('https://hd.example.com/helpdesk/Talep/abc', DEFAULT)).toBeUndefined();
    expect(talepIdFromUrl('https://hd.example.com/helpdesk/Talep/0', DEFAULT)).toBeUndefined();
    expect(talepIdFromUrl('https://hd.example.com/helpdesk/Talep/12/extra', DEFAULT)).toBeUndefined();
    expect(talepIdFromUrl('javascript:alert(1)', DEFAULT)).toBeUndefined();
    expect(talepIdFromUrl('', DEFAULT)).toBeUndefined();
  });
});
