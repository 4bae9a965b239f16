/**
 * The layout rules of the Slack side, read from the imports (README "Architecture"):
 *
 * - `src/domain/` imports nothing of the project.
 * - `src/slack/` (the kernel) never imports an area, nor an area's views (only `views/kit/`).
 * - An area (`src/commands/<area>/`) imports the kernel, `domain/`, its own views and `views/kit/`, the
 *   help-desk client's vocabulary (`api/errors`, `api/schemas`, `api/auth`, `api/rules`; anything else
 *   of `api/` and `store/` only as types), and of another area only its `public.ts`.
 * - A view (`src/views/<area>/`, `src/views/kit/`) imports only `views/kit/`, its own area's views,
 *   `domain/`, and `api/` types (plus `api/schemas` for the spec's enumerations).
 *
 * Each rule is checked on a planted violation too, so the test cannot pass by reading nothing.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

interface Edge {
  from: string;
  to: string;
  typeOnly: boolean;
}

const ROOT = join(import.meta.dirname, '..', '..');
const IMPORT = /^(?:import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.{1,2}\/[^'"]+)['"]/gm;

function sourceFiles(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return entry.name.endsWith('.ts') ? [path] : [];
  });
}

function edgesOf(file: string, text: string): Edge[] {
  return [...text.matchAll(IMPORT)].map((match) => ({
    from: file,
    to: normalize(join(dirname(file), match[2] as string)).replace(/\.js$/, '.ts'),
    typeOnly: match[1] !== undefined,
  }));
}

const parts = (path: string) => path.split(/[\\/]/);
const layer = (path: string) => parts(path)[1];
/** `src/commands/<area>/…` → area; `src/views/<area>/…` → area (kit included). */
const areaOf = (path: string) => (parts(path).length > 3 ? parts(path)[2] : undefined);

const API_VOCABULARY = new Set(['src/api/errors.ts', 'src/api/schemas.ts', 'src/api/auth.ts', 'src/api/rules.ts']);

export function violations(edges: readonly Edge[]): string[] {
  const found: string[] = [];
  const say = (edge: Edge, rule: string) => found.push(`${edge.from} → ${edge.to}: ${rule}`);
  for (const edge of edges) {
    const [from, to] = [layer(edge.from), layer(edge.to)];
    if (from === 'domain' && to !== 'domain') say(edge, 'domain/ imports nothing of the project');
    if (from === 'i18n' && !['i18n', 'domain'].includes(to ?? '')) say(edge, 'i18n/ (the catalogs) imports only domain/');
    if (from === 'slack' && to === 'commands') say(edge, 'the kernel never imports an area');
    if (from === 'slack' && to === 'views' && areaOf(edge.to) !== 'kit') say(edge, "the kernel imports only views/kit, never an area's views");
    if (from === 'commands' && areaOf(edge.from)) {
      const area = areaOf(edge.from);
      if (to === 'commands' && areaOf(edge.to) && areaOf(edge.to) !== area && !edge.to.endsWith('/public.ts')) {
        say(edge, "another area is used only through its public.ts");
      }
      if (to === 'views' && areaOf(edge.to) && areaOf(edge.to) !== area && areaOf(edge.to) !== 'kit') {
        say(edge, "another area's views are used only through that area's public.ts");
      }
      if (to === 'api' && !edge.typeOnly && !API_VOCABULARY.has(edge.to)) say(edge, "areas use the help-desk client's vocabulary and types, not its machinery");
      if (to === 'store' && !edge.typeOnly) say(edge, 'areas use the store through the services, importing only its types');
      if (['sandbox', 'jobs'].includes(to ?? '') || edge.to === 'src/app.ts' || edge.to === 'src/index.ts') say(edge, 'areas do not import the app, the sandbox or the job runner');
    }
    if (from === 'views') {
      const area = areaOf(edge.from);
      if (!['views', 'domain', 'api', 'i18n'].includes(to ?? '')) say(edge, 'views import only views, domain/, i18n/ and api/ types');
      if (to === 'views' && areaOf(edge.to) !== 'kit' && areaOf(edge.to) !== area) say(edge, 'views import only views/kit and their own area');
      if (to === 'api' && !edge.typeOnly && edge.to !== 'src/api/schemas.ts') say(edge, 'views import api/ types only');
    }
  }
  return found;
}

describe('the layout rules', () => {
  const edges = ['src/domain', 'src/i18n', 'src/slack', 'src/commands', 'src/views']
    .flatMap(sourceFiles)
    .flatMap((file) => edgesOf(relative(ROOT, join(ROOT, file)), readFileSync(join(ROOT, file), 'utf8')));

  it('reads the imports of every layer', () => {
    for (const dir of ['domain', 'slack', 'commands', 'views']) expect(edges.some((edge) => layer(edge.from) === dir)).toBe(true);
    expect(edges.length).toBeGreaterThan(500);
  });

  it('holds for the whole Slack side', () => {
    expect(violations(edges)).toEqual([]);
  });

  it('catches each kind of violation', () => {
    const planted: Edge[] = [
      { from: 'src/domain/status.ts', to: 'src/api/schemas.ts', typeOnly: true },
      { from: 'src/slack/actor.ts', to: 'src/commands/talep-card/public.ts', typeOnly: false },
      { from: 'src/slack/actor.ts', to: 'src/views/talep-card/card.ts', typeOnly: false },
      { from: 'src/commands/talep-work/index.ts', to: 'src/commands/talep-card/load.ts', typeOnly: false },
      { from: 'src/commands/talep-work/index.ts', to: 'src/views/talep-card/ids.ts', typeOnly: false },
      { from: 'src/commands/talep-work/index.ts', to: 'src/api/client.ts', typeOnly: false },
      { from: 'src/commands/talep-work/index.ts', to: 'src/store/account-store.ts', typeOnly: false },
      { from: 'src/views/talep-card/card.ts', to: 'src/slack/actor.ts', typeOnly: true },
      { from: 'src/views/talep-card/card.ts', to: 'src/views/users/card.ts', typeOnly: false },
      { from: 'src/views/kit/blocks.ts', to: 'src/api/client.ts', typeOnly: false },
      { from: 'src/i18n/messages.ts', to: 'src/slack/locale.ts', typeOnly: true },
    ];
    expect(violations(planted)).toHaveLength(planted.length);
    // And what is allowed stays allowed.
    const allowed: Edge[] = [
      { from: 'src/commands/talep-work/index.ts', to: 'src/commands/talep-card/public.ts', typeOnly: false },
      { from: 'src/commands/talep-work/index.ts', to: 'src/views/talep-work/close.ts', typeOnly: false },
      { from: 'src/commands/talep-work/index.ts', to: 'src/api/errors.ts', typeOnly: false },
      { from: 'src/commands/talep-work/index.ts', to: 'src/api/client.ts', typeOnly: true },
      { from: 'src/slack/failures.ts', to: 'src/views/kit/notices.ts', typeOnly: false },
      { from: 'src/views/talep-card/card.ts', to: 'src/domain/status.ts', typeOnly: false },
      { from: 'src/views/kit/help.ts', to: 'src/i18n/messages.ts', typeOnly: false },
    ];
    expect(violations(allowed)).toEqual([]);
  });
});
