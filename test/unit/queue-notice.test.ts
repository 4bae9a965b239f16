/**
 * Honest queues (issue 13): a wait over 3 s is told at once, with an estimate and a Cancel button;
 * told again only when the estimate moved; Cancel takes the interaction out of the queue.
 */
import { describe, expect, it } from 'vitest';
import { cancelQueued, queueNotice } from '../../src/slack/queue-notice.js';
import type { Services } from '../../src/slack/services.js';
import type { Surface } from '../../src/slack/surface.js';
import type { SlackMessage } from '../../src/views/kit/blocks.js';
import { QUEUE_CANCEL_ACTION } from '../../src/views/kit/notices.js';

function scene(typicalCallMs = 2_000) {
  const sent: SlackMessage[] = [];
  const surface: Surface = { kind: 'respond', send: async (message) => void sent.push(message), replace: async (message) => void sent.push(message) };
  const services = { helpdesk: { typicalCallMs }, logger: { warn: () => undefined } } as unknown as Services;
  return { sent, notice: queueNotice(services, surface) };
}

const cancelTokenOf = (message: SlackMessage): string => {
  const blocks = (message.blocks ?? []) as { type: string; elements?: { action_id: string; value: string }[] }[];
  const button = blocks.flatMap((block) => block.elements ?? []).find((element) => element.action_id === QUEUE_CANCEL_ACTION);
  return button?.value ?? '';
};

describe('queue notice', () => {
  it('says nothing when the answer comes within 3 s (queue wait + a typical call)', () => {
    const { sent, notice } = scene(2_000);
    notice.onQueued(900);
    expect(sent).toEqual([]);
  });

  it('tells a longer wait at once, with the estimate including the call itself, and a Cancel button', () => {
    const { sent, notice } = scene(2_000);
    notice.onQueued(38_000);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('queued (about 40 s)');
    expect(cancelTokenOf(sent[0]!)).not.toBe('');
  });

  it('tells a new estimate only when it moved by more than a quarter', () => {
    const { sent, notice } = scene(0);
    notice.onQueued(60_000);
    notice.onQueued(58_000); // as expected: not told again (and too soon anyway)
    expect(sent).toHaveLength(1);
  });

  it('Cancel aborts the interaction’s waits once; a second press finds nothing waiting', () => {
    const { sent, notice } = scene(0);
    notice.onQueued(30_000);
    const token = cancelTokenOf(sent[0]!);
    expect(notice.signal.aborted).toBe(false);
    expect(cancelQueued(token)).toBe(true);
    expect(notice.signal.aborted).toBe(true);
    expect(cancelQueued(token)).toBe(false);
    notice.onQueued(30_000); // cancelled: nothing more is told
    expect(sent).toHaveLength(1);
  });
});
