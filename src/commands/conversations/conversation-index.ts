/**
 * The quick filter in front of every message and reaction event: which threads are linked to a
 * talep and what each channel does (mode, emoji, sync) — in memory, loaded once from the stores and
 * kept current by this process's own writes (linkThread, /talep channel). An event that matters to
 * none of them is dropped here, before any store write or help-desk call: a busy workspace's messages
 * cost nothing.
 */
import { DEFAULT_TALEP_EMOJI } from '../../domain/channel-mode.js';
import type { Services } from '../../slack/services.js';
import type { ChannelRequests } from '../../store/channel-settings-store.js';

const threadKey = (teamId: string, channelId: string, threadTs: string) => `${teamId}:${channelId}:${threadTs}`;
const channelKey = (teamId: string, channelId: string) => `${teamId}:${channelId}`;

/** How often the index is read again from the stores (what another instance linked or set meanwhile). */
export const INDEX_REFRESH_MS = 5 * 60_000;

export class ConversationIndex {
  readonly #threads = new Set<string>();
  readonly #channels = new Map<string, ChannelRequests>();
  #loading: Promise<void> | undefined;
  #loadedAt = 0;
  #refreshing = false;

  constructor(private readonly services: Services) {}

  /**
   * Loads the stores once (later calls wait for the same load); every 5 minutes it is read again in
   * the background, while events keep using what is known.
   */
  ready(): Promise<void> {
    if (!this.#loading) {
      this.#loading = this.#load();
    } else if (!this.#refreshing && Date.now() - this.#loadedAt > INDEX_REFRESH_MS) {
      this.#refreshing = true;
      this.#load()
        .catch((error: unknown) => this.services.logger.warn('the conversations index could not be refreshed', error))
        .finally(() => {
          this.#refreshing = false;
        });
    }
    return this.#loading;
  }

  async #load(): Promise<void> {
    this.#loadedAt = Date.now();
    const [links, channels] = await Promise.all([this.services.stores.threadLinks.all(), this.services.stores.channelSettings.withRequests()]);
    for (const link of links) this.#threads.add(threadKey(link.teamId, link.channelId, link.threadTs));
    for (const channel of channels) this.#channels.set(channelKey(channel.teamId, channel.channelId), channel.requests);
  }

  /** Whether the thread is linked: by sync's own links, or as the message a talep was opened from (the shortcut). */
  async isLinked(teamId: string, channelId: string, threadTs: string): Promise<boolean> {
    const key = threadKey(teamId, channelId, threadTs);
    if (this.#threads.has(key)) return true;
    if ((await this.services.stores.messageTaleps.get(teamId, channelId, threadTs))?.talepId !== undefined) return true;
    // A shared store: another instance may have linked it since this one loaded its index.
    if (this.services.stores.kind !== 'postgres' || !(await this.services.stores.threadLinks.get(teamId, channelId, threadTs))) return false;
    this.#threads.add(key);
    return true;
  }

  addThread(teamId: string, channelId: string, threadTs: string): void {
    this.#threads.add(threadKey(teamId, channelId, threadTs));
  }

  requests(teamId: string, channelId: string): ChannelRequests | undefined {
    return this.#channels.get(channelKey(teamId, channelId));
  }

  setRequests(teamId: string, channelId: string, requests: ChannelRequests): void {
    this.#channels.set(channelKey(teamId, channelId), requests);
  }

  /** The emoji that opens a talep in this channel. */
  emoji(teamId: string, channelId: string): string {
    return this.requests(teamId, channelId)?.emoji ?? DEFAULT_TALEP_EMOJI;
  }

  /** Whether replies and comments are exchanged in this channel's linked threads (default on). */
  syncs(teamId: string, channelId: string): boolean {
    return this.requests(teamId, channelId)?.sync ?? true;
  }
}

const indexes = new WeakMap<Services, ConversationIndex>();

/** The index of this bot (one per services). */
export function conversationIndex(services: Services): ConversationIndex {
  let index = indexes.get(services);
  if (!index) {
    index = new ConversationIndex(services);
    indexes.set(services, index);
  }
  return index;
}
