/**
 * The JSON of a message for Slack, its blocks serialised once per blocks array: a message built once
 * (the help) goes to many people, and serialising its blocks each time was most of the CPU a
 * `/talep help` burst spent (issue 13). Block arrays are never changed after they are built.
 */
const blocksJson = new WeakMap<object, string>();

export function messageJson(payload: Record<string, unknown>): string {
  const { blocks, ...rest } = payload;
  if (!Array.isArray(blocks)) return JSON.stringify(payload);
  let json = blocksJson.get(blocks);
  if (json === undefined) blocksJson.set(blocks, (json = JSON.stringify(blocks)));
  const head = JSON.stringify(rest);
  return head === '{}' ? `{"blocks":${json}}` : `${head.slice(0, -1)},"blocks":${json}}`;
}
