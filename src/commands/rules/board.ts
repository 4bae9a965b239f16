/**
 * The rules modal's state for one app: the registered ids (the store), what was last read of each rule
 * (kept in memory, so a button re-renders the list without reading every rule again), and the add
 * input's version. Reads go through the acting admin's own client; the help desk decides permission.
 */
import { HelpdeskError, isHelpdeskError } from '../../api/errors.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { Actor } from '../../slack/actor.js';
import type { Services } from '../../slack/services.js';
import type { ModalRender } from '../../slack/surface.js';
import type { RuleRegistry } from '../../store/rule-registry.js';
import { escapeText, type ModalView } from '../../views/kit/blocks.js';
import { rulesLoadingView, rulesModal, SHOWN_CHANGES } from '../../views/rules/modal.js';
import { ruleRow, type RuleSnapshot } from './rows.js';

/** Thrown when the help desk refuses a rule operation: the whole modal becomes the explanation. */
export class AdminsOnly extends Error {
  /**
   * `reason`: the help desk's own words, when it gave any; `notAdmin`: the help-desk user name the
   * help desk reported as no administrator (said in the reader's words).
   */
  constructor(
    readonly reason: string | undefined,
    readonly notAdmin?: string,
  ) {
    super('admins only');
  }

  /** What the "admins only" view quotes, in the reader's words. */
  explanation(m: Messages = english): string | undefined {
    return this.notAdmin === undefined ? this.reason : m.t('rules.notAdmin', { username: this.notAdmin });
  }
}

/** A refusal (403) as `AdminsOnly`; anything else undefined. */
export function refusal(error: unknown): AdminsOnly | undefined {
  if (error instanceof AdminsOnly) return error;
  return isHelpdeskError(error, 'forbidden') ? new AdminsOnly(error.reason) : undefined;
}

/** For work the help desk would not refuse by itself (nothing to read, or only the bot's list): ask whether this is an admin. */
export async function requireAdmin(actor: Actor): Promise<void> {
  const me = await actor.hd.authorization();
  if (!me.IsAdmin) throw new AdminsOnly(undefined, me.Username);
}

/** Reads one rule; a refusal is thrown, any other help-desk failure is remembered as the rule's problem. */
export async function readRule(actor: Actor, id: number): Promise<RuleSnapshot> {
  try {
    return { summary: await actor.hd.getRule({ id }) };
  } catch (error) {
    const refused = refusal(error);
    if (refused) throw refused;
    if (isHelpdeskError(error, 'not-found')) return { problem: { kind: 'not-found' } };
    if (error instanceof HelpdeskError) return { problem: { kind: 'failed', error } };
    throw error;
  }
}

export interface ViewExtras {
  /** The outcome of the last action, already mrkdwn. */
  banner?: string;
  /** What the admin typed into the add input, kept after a failed add. */
  addValue?: string;
  /** A rule was added: the add input comes back empty. */
  newInput?: boolean;
}

export class RulesBoard {
  readonly #snapshots = new Map<string, RuleSnapshot>();
  #inputVersion = 0;

  constructor(readonly registry: RuleRegistry) {}

  #key = (teamId: string, id: number) => `${teamId}:${id}`;

  snapshot(teamId: string, id: number): RuleSnapshot | undefined {
    return this.#snapshots.get(this.#key(teamId, id));
  }

  remember(teamId: string, id: number, snapshot: RuleSnapshot): void {
    this.#snapshots.set(this.#key(teamId, id), snapshot);
  }

  forget(teamId: string, id: number): void {
    this.#snapshots.delete(this.#key(teamId, id));
  }

  /** Reads the registered rules that are not in memory yet (or all of them). */
  async load(actor: Actor, teamId: string, all: boolean): Promise<void> {
    const ids = (await this.registry.ruleIds(teamId)).filter((id) => all || !this.#snapshots.has(this.#key(teamId, id)));
    const read = await Promise.all(ids.map(async (id) => [id, await readRule(actor, id)] as const));
    for (const [id, snapshot] of read) this.remember(teamId, id, snapshot);
  }

  /** The modal as it stands for the workspace, in the reader's words. */
  async view(teamId: string, extras: ViewExtras = {}, m: Messages = english): Promise<ModalView> {
    if (extras.newInput) this.#inputVersion += 1;
    const ids = await this.registry.ruleIds(teamId);
    const toggles = await Promise.all(ids.map((id) => this.registry.lastToggle(teamId, id)));
    const rules = ids.map((id, index) => ruleRow(id, this.snapshot(teamId, id), toggles[index], m));
    const changes = (await this.registry.recentChanges(teamId, SHOWN_CHANGES)).map((change) => ({ ...change, at: new Date(change.at) }));
    return rulesModal(
      {
        rules,
        changes,
        inputVersion: this.#inputVersion,
        ...(extras.banner ? { banner: extras.banner } : {}),
        ...(extras.addValue ? { addValue: extras.addValue } : {}),
      },
      m,
    );
  }

  /** How the modal shows a notice (the loading line) and a problem (the list again, the reason on top). */
  render(teamId: string, kept: Pick<ViewExtras, 'addValue'> = {}, m: Messages = english): ModalRender {
    return {
      progress: (text) => rulesLoadingView(text, m),
      problem: (text) => this.view(teamId, { banner: `:warning: ${escapeText(text)}`, ...kept }, m),
    };
  }
}

/** One board per app (per `Services`), like the store it reads. */
const boards = new WeakMap<Services, RulesBoard>();

export function boardOf(services: Services): RulesBoard {
  let board = boards.get(services);
  if (!board) {
    board = new RulesBoard(services.stores.rules);
    boards.set(services, board);
  }
  return board;
}
