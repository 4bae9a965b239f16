/**
 * The documentation stays true: docs/helpdesk-api.md is what `npm run docs` writes from the endpoint
 * table today, and every relative link in README.md and docs/*.md points at a file of this repository
 * (and, with a #fragment, at a heading there).
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { apiReference } from '../../scripts/api-reference.js';
import { endpoints } from '../../src/api/endpoints.js';

const root = resolve(import.meta.dirname, '../..');
const read = (path: string) => readFileSync(join(root, path), 'utf8');

describe('docs/helpdesk-api.md', () => {
  it('is up to date with src/api/endpoints.ts (run `npm run docs` after changing the table)', () => {
    expect(read('docs/helpdesk-api.md')).toBe(apiReference());
  });

  it('documents every operation with its method, path and parameters', () => {
    const doc = read('docs/helpdesk-api.md');
    for (const [operation, def] of Object.entries(endpoints)) {
      expect(doc).toContain(`## ${operation}\n\n\`${def.method} ${def.path}\``);
    }
    expect(doc).toMatch(/\| `categoryId` \| int\[\] \(repeated: `a=1&a=2`\) \| no \|/);
  });
});

/** GitHub's heading anchors: lower case, punctuation dropped, spaces to hyphens, repeats numbered. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const counts = new Map<string, number>();
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.startsWith('```')) fenced = !fenced;
    const heading = fenced ? undefined : /^#{1,6}\s+(.+?)\s*#*\s*$/.exec(line);
    if (!heading?.[1]) continue;
    const base = heading[1]
      .replace(/`/g, '')
      .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
      .toLowerCase()
      .replace(/[^\p{L}\p{N}\s_-]/gu, '')
      .replace(/\s/g, '-');
    const seen = counts.get(base) ?? 0;
    anchors.add(seen === 0 ? base : `${base}-${seen}`);
    counts.set(base, seen + 1);
  }
  return anchors;
}

/** Relative links of a markdown file, outside code blocks and code spans. */
function relativeLinks(markdown: string): string[] {
  const withoutCode = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  return [...withoutCode.matchAll(/\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)]
    .map((match) => match[1] ?? '')
    .filter((target) => !/^[a-z][a-z0-9+.-]*:/i.test(target));
}

const documents = ['README.md', 'CHANGELOG.md', 'SECURITY.md', ...readdirSync(join(root, 'docs')).filter((name) => name.endsWith('.md')).map((name) => `docs/${name}`)];

describe('links in the documentation', () => {
  it.each(documents)('%s: every relative link resolves inside the repository', (document) => {
    const problems: string[] = [];
    const source = read(document);
    for (const target of relativeLinks(source)) {
      const [path = '', fragment] = target.split('#');
      const file = path === '' ? join(root, document) : resolve(dirname(join(root, document)), decodeURIComponent(path));
      if (relative(root, file).startsWith('..')) {
        problems.push(`${target}: outside the repository`);
        continue;
      }
      if (!existsSync(file)) {
        problems.push(`${target}: no such file`);
        continue;
      }
      if (fragment && statSync(file).isFile() && file.endsWith('.md') && !anchorsOf(readFileSync(file, 'utf8')).has(fragment)) {
        problems.push(`${target}: no heading #${fragment}`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('finds broken links (the checker itself)', () => {
    expect(relativeLinks('see [a](../shared/x.md), [b](#here), `[c](nope.md)`, [d](https://x.example)')).toEqual(['../shared/x.md', '#here']);
    expect([...anchorsOf('# Quick start\n## `/talep` commands\n## Quick start\n```\n# not a heading\n```')]).toEqual([
      'quick-start',
      'talep-commands',
      'quick-start-1',
    ]);
  });
});
