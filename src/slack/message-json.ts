/**
 * The JSON of a message for Slack, the blocks of a shared message serialised once: a message built
 * once (the help) goes to many people, and serialising its blocks each time was most of the CPU a
 * `/talep help` burst spent (issue 13). Shared messages say so by freezing their blocks array
 * (`shareBlocks`); the blocks of a message built for one answer (a queue notice with its own Cancel
 * token) are not remembered: each would be a weak entry for the GC to trace, for nothing.
 */
const blocksJson = new WeakMap<object, string>();

/** Marks a message as built once and sent many times; its blocks must not change after this. */
export function shareBlocks<M extends { blocks?: unknown }>(message: M): M {
  if (Array.isArray(message.blocks)) Object.freeze(message.blocks);
  return message;
}

export function messageJson(payload: Record<string, unknown>): string {
  const blocks = payload.blocks;
  if (!Array.isArray(blocks) || !Object.isFrozen(blocks)) return JSON.stringify(payload);
  const { blocks: _blocks, ...rest } = payload;
  let json = blocksJson.get(blocks);
  if (json === undefined) blocksJson.set(blocks, (json = JSON.stringify(blocks)));
  const head = JSON.stringify(rest);
  return head === '{}' ? `{"blocks":${json}}` : `${head.slice(0, -1)},"blocks":${json}}`;
}
