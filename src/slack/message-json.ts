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
  const blocks = sharedBlocksOf(payload);
  if (!blocks) return JSON.stringify(payload);
  return `${openHead(payload)}"blocks":${blocksJsonOf(blocks)}}`;
}

/** The blocks of a shared message (frozen by `shareBlocks`), or undefined. */
function sharedBlocksOf(payload: Record<string, unknown>): readonly unknown[] | undefined {
  const blocks = payload.blocks;
  return Array.isArray(blocks) && Object.isFrozen(blocks) ? blocks : undefined;
}

/** The JSON of everything but the blocks, left open for one more field: `{` or `{"text":"…",`. */
function openHead(payload: Record<string, unknown>): string {
  const { blocks: _blocks, ...rest } = payload;
  const head = JSON.stringify(rest);
  return head === '{}' ? '{' : `${head.slice(0, -1)},`;
}

function blocksJsonOf(blocks: readonly unknown[]): string {
  let json = blocksJson.get(blocks);
  if (json === undefined) blocksJson.set(blocks, (json = JSON.stringify(blocks)));
  return json;
}

const blocksBytes = new WeakMap<object, Buffer>();
const CLOSE = Buffer.from('}');

/**
 * `messageJson` as UTF-8 bytes, for an HTTP body (a response_url post). A shared message's blocks are
 * encoded once too: built from the JSON string each time, the help's 8 KB body was a string flattened
 * and encoded anew for every post (most of what a `/talep help` burst allocated besides Bolt).
 */
export function messageBody(payload: Record<string, unknown>): Buffer {
  const blocks = sharedBlocksOf(payload);
  if (!blocks) return Buffer.from(JSON.stringify(payload));
  let bytes = blocksBytes.get(blocks);
  if (bytes === undefined) blocksBytes.set(blocks, (bytes = Buffer.from(`"blocks":${blocksJsonOf(blocks)}`)));
  return Buffer.concat([Buffer.from(openHead(payload)), bytes, CLOSE]);
}
