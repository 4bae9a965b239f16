/**
 * The Slack side against a help desk answering in real servers' shapes (the sandbox's `ResponseStyle:
 * real`): the card, search and `mine`, relations, custom fields, people and assets read the normalised
 * records, and talep links fall back to the template where real list rows carry no `Url`.
 */
import { describe, expect, it } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { TalepCardIds } from '../../src/views/talep-card/ids.js';
import { elementsOf, elementsWithId, json, type Post, slashAnswer } from '../support/e2e.js';
import { type Person } from '../support/harness.js';

const h = useHarness({ sandbox: { settings: { ResponseStyle: 'real' } } });

const slash = async (person: Person, text: string) => (await slashAnswer(h, person, text)).post;
const root = () => h.sandbox.rootUrl;
const shownIds = (post: Post) => elementsWithId(post, SharedActions.showTalep).map((element) => Number(element.value));

describe('a help desk answering like real servers', () => {
  it('is what this suite talks to', async () => {
    expect(h.sandbox.settings().ResponseStyle).toBe('real');
    expect(h.sandbox.tokenFor('agent')).toMatch(/^eyJ/); // the linked accounts use JWT-like tokens
  });

  it('the card: people from their full records, the real status name, the record’s own link', async () => {
    const post = await slash('agent', 'show 2');
    const all = json(post);
    expect(all).toContain('Cannot connect to the VPN from home');
    expect(all).toContain('In progress');
    expect(all).toContain('*Submitter*\\nuser');
    expect(all).toContain('*Assignee*\\nagent');
    expect(all).toContain(`<${root()}/Talep/2|#2>`);
    expect(elementsOf(post).find((element) => element.action_id === TalepCardIds.openLink)?.url).toBe(`${root()}/Talep/2`);
  });

  it('search: list rows without a Url are linked through the template, with their assignee', async () => {
    const post = await slash('agent', 'search vpn');
    expect(shownIds(post)).toEqual([2]);
    const all = json(post);
    expect(all).toContain(`<${root()}/Talep/2|#2>`);
    expect(all).toContain(':bust_in_silhouette: agent');
    expect(all).toContain(':file_folder: Network');
    const unassigned = await slash('agent', 'search assignee:none category:hardware');
    expect(json(unassigned)).toContain('_unassigned_');
  });

  it('mine: both searches read list rows', async () => {
    const all = json(await slash('agent', 'mine'));
    expect(all).toContain('Assigned to you, open');
    expect(all).toContain(`<${root()}/Talep/2|#2>`);
  });

  it('relations: sub-taleps come as list rows', async () => {
    const post = await slash('agent', 'relations 6');
    expect(shownIds(post)).toEqual(expect.arrayContaining([7, 8]));
    expect(json(post)).toContain('In progress');
  });

  it('custom fields: the options come as SelectionComboOptions', async () => {
    const all = json(await slash('agent', 'fields 3'));
    expect(all).toContain('*Environment*\\nProduction');
  });

  it('people and assets: UserByUsername’s full record, the asset’s company name with its id', async () => {
    expect(json(await slash('agent', 'user find agent2'))).toContain('Zeynep Arslan');
    const asset = json(await slash('agent', 'asset show 1'));
    expect(asset).toContain('Acme Lojistik');
  });
});
