/** The arguments of `/talep company list | new | edit | fields`. Pure. */
import { fail, ok, type Parsed, parseTalepId } from '../../slack/args.js';

const DOMAIN = /^(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z][a-z0-9-]{0,62}$/i;

/** Slack escapes links in command text (`<http://acme.com|acme.com>`, `<mailto:…|…>`): back to what was typed. */
export function unwrapSlackLinks(text: string): string {
  // `[^<…]`: an attempt stops at the next `<`, so `<http://<http://…` without a `>` stays linear.
  return text.replace(/<(?:https?:\/\/|mailto:)([^<|>]*)(?:\|([^<>]*))?>/gi, (_match, target: string, label?: string) => label ?? target);
}

/** `a.com, b.com; c.com` → `a.com;b.com;c.com` (the help desk's `;` form); invalid domains listed. */
export function normaliseDomainsInput(text: string): { domains: string; invalid: string[] } {
  const parts = unwrapSlackLinks(text)
    .split(/[;,\s]+/)
    .map((part) => part.trim().toLowerCase())
    .filter(Boolean);
  return { domains: [...new Set(parts)].join(';'), invalid: parts.filter((part) => !DOMAIN.test(part)) };
}

export interface NewCompanyArgs {
  name: string;
  domains?: string;
}

/**
 * `Acme Lojistik acme.com acme.example` → name `Acme Lojistik`, domains `acme.com;acme.example`: the
 * trailing words that look like domains are domains. `"Example.com Ltd" example.com` quotes a name
 * that itself looks like one.
 */
export function parseCompanyNameAndDomains(text: string): Parsed<NewCompanyArgs> {
  const input = unwrapSlackLinks(text).trim();
  const quoted = /^["“”]([^"“”]+)["“”]([\s\S]*)$/.exec(input);
  if (quoted) {
    const name = (quoted[1] ?? '').trim();
    const rest = (quoted[2] ?? '').trim();
    if (!name) return fail('parse.companyNameEmpty');
    if (!rest) return ok({ name });
    const { domains, invalid } = normaliseDomainsInput(rest);
    return invalid.length > 0 ? fail('parse.notDomains', { domains: invalid.join(', ') }) : ok({ name, domains });
  }
  const words = input.split(/\s+/).filter(Boolean);
  let split = words.length;
  while (split > 1 && (words[split - 1] ?? '').split(/[;,]/).filter(Boolean).every((part) => DOMAIN.test(part))) split -= 1;
  const name = words.slice(0, split).join(' ');
  if (!name) return fail('parse.companyName');
  const rest = words.slice(split).join(' ');
  return rest ? ok({ name, domains: normaliseDomainsInput(rest).domains }) : ok({ name });
}

/** `company new` alone opens the form; with a name it creates at once. */
export function parseNewCompanyArgs(text: string): Parsed<NewCompanyArgs | undefined> {
  return text.trim() ? parseCompanyNameAndDomains(text) : ok(undefined);
}

export function parseCompanyId(text: string): Parsed<number> {
  return parseTalepId(text, 'company');
}

/**
 * `company list` takes nothing. It is also what a bare `company` runs, so text after it is an action
 * that does not exist.
 */
export function parseCompanyListArgs(text: string): Parsed<undefined> {
  return text.trim()
    ? fail('parse.companyUsage')
    : ok(undefined);
}
