/**
 * messageJson (src/slack/message-json.ts): the same JSON as JSON.stringify, whether the blocks are a
 * shared message's (frozen, serialised once) or one answer's (serialised each time, not remembered).
 */
import { describe, expect, it, vi } from 'vitest';
import { messageBody, messageJson, shareBlocks } from '../../src/slack/message-json.js';

const message = () => ({ text: 'Hi “there” ✓', blocks: [{ type: 'section', text: { type: 'mrkdwn', text: '*x* <y>' } }], response_type: 'ephemeral' });

describe('messageJson', () => {
  it('writes exactly what JSON.stringify writes, for one answer and for a shared message', () => {
    const one = message();
    expect(JSON.parse(messageJson(one))).toEqual(one);
    const shared = shareBlocks(message());
    expect(JSON.parse(messageJson(shared))).toEqual(shared);
    expect(JSON.parse(messageJson({ ...shared, response_type: 'in_channel' }))).toEqual({ ...shared, response_type: 'in_channel' });
    expect(messageJson({ blocks: shared.blocks })).toBe(JSON.stringify({ blocks: shared.blocks }));
    expect(messageJson({ text: 'no blocks' })).toBe('{"text":"no blocks"}');
  });

  it("serialises a shared message's blocks once, and one answer's blocks every time", () => {
    const stringify = vi.spyOn(JSON, 'stringify');
    const shared = shareBlocks(message());
    messageJson(shared);
    messageJson({ ...shared });
    expect(stringify.mock.calls.filter(([value]) => value === shared.blocks)).toHaveLength(1);
    const one = message();
    messageJson(one);
    messageJson(one);
    expect(stringify.mock.calls.filter(([value]) => value === one)).toHaveLength(2);
  });

  it('freezes the shared blocks, so a later change fails loudly instead of going out stale', () => {
    const shared = shareBlocks(message());
    expect(() => (shared.blocks as unknown[]).push({ type: 'divider' })).toThrow(TypeError);
  });

  it('gives the same JSON as bytes (UTF-8), shared blocks encoded once', () => {
    const decoded = (body: Buffer) => JSON.parse(body.toString('utf8')) as unknown;
    const one = message();
    expect(messageBody(one).toString('utf8')).toBe(JSON.stringify(one));
    const shared = shareBlocks(message());
    const stringify = vi.spyOn(JSON, 'stringify');
    expect(decoded(messageBody(shared))).toEqual(shared);
    expect(decoded(messageBody({ ...shared, response_type: 'in_channel' }))).toEqual({ ...shared, response_type: 'in_channel' });
    expect(messageBody({ blocks: shared.blocks }).toString('utf8')).toBe(JSON.stringify({ blocks: shared.blocks }));
    expect(stringify.mock.calls.filter(([value]) => value === shared.blocks)).toHaveLength(1);
  });
});
