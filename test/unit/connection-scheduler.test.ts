/**
 * The connection scheduler on its own: which waiting call gets one of the pool's connections. No
 * clock is needed: a slot is held until the test releases it, which is what a slow help desk does.
 */
import { describe, expect, it } from 'vitest';
import { ConnectionScheduler, type Lane, type Slot } from '../../src/api/connection-scheduler.js';
import type { Priority } from '../../src/api/throttle.js';
import { settle } from '../support/manual-clock.js';

/** A scheduler and a log of which calls got a connection, in order. */
function setup(options: ConstructorParameters<typeof ConnectionScheduler>[0]) {
  const scheduler = new ConnectionScheduler(options);
  const granted: string[] = [];
  const slots = new Map<string, Slot>();
  const call = (name: string, key: string, lane: Lane, priority: Priority = 'interactive', signal?: AbortSignal) =>
    scheduler.acquire({ key, lane, priority, signal }).then((slot) => {
      granted.push(name);
      slots.set(name, slot);
      return slot;
    });
  const release = async (name: string) => {
    slots.get(name)!.release();
    await settle();
  };
  return { scheduler, granted, call, release };
}

describe('ConnectionScheduler', () => {
  it('keeps the read reserve free of writes however many wait, so an interactive read goes at once', async () => {
    const { scheduler, granted, call } = setup({ maxInFlight: 4, readReserve: 1, perKey: 10 });
    for (let i = 0; i < 10; i++) void call(`create-${i}`, `user-${i}`, 'write');
    await settle();
    expect(granted).toEqual(['create-0', 'create-1', 'create-2']);

    void call('whoami', 'reader', 'read');
    await settle();
    expect(granted.at(-1)).toBe('whoami');
    expect(scheduler.stats()).toEqual({ inFlight: 4, inFlightShared: 3, waiting: 7 });
  });

  it('counts background reads against the shared connections, not the reserve', async () => {
    const { granted, call } = setup({ maxInFlight: 3, readReserve: 1, perKey: 10 });
    for (let i = 0; i < 4; i++) void call(`poll-${i}`, 'poller', 'read', 'background');
    void call('card', 'user', 'read');
    await settle();
    expect(granted).toEqual(['poll-0', 'poll-1', 'card']);
  });

  it("caps one user's calls in flight per lane, so a burst of theirs leaves room for others", async () => {
    const { granted, call, release } = setup({ maxInFlight: 10, readReserve: 2, perKey: 2 });
    for (let i = 0; i < 5; i++) void call(`a-create-${i}`, 'a', 'write');
    void call('a-read', 'a', 'read'); // another lane: not held back by a's own writes
    void call('b-create', 'b', 'write');
    await settle();
    expect(granted).toEqual(['a-create-0', 'a-create-1', 'a-read', 'b-create']);

    await release('a-create-0');
    expect(granted.at(-1)).toBe('a-create-2');
  });

  it('offers a freed connection to users in turn, each user’s calls in order', async () => {
    const { granted, call, release } = setup({ maxInFlight: 2, readReserve: 1, perKey: 5 });
    void call('first', 'x', 'write');
    await settle();
    for (const name of ['a1', 'a2', 'a3']) void call(name, 'a', 'write');
    void call('b1', 'b', 'write');
    void call('c1', 'c', 'write');
    await settle();
    expect(granted).toEqual(['first']); // one shared connection, taken

    for (const name of ['first', 'a1', 'b1', 'c1', 'a2']) await release(name);
    expect(granted).toEqual(['first', 'a1', 'b1', 'c1', 'a2', 'a3']);
  });

  it('serves interactive reads, then interactive writes, then background calls', async () => {
    const { granted, call, release } = setup({ maxInFlight: 2, readReserve: 1, perKey: 5 });
    void call('busy-write', 'x', 'write');
    void call('busy-read', 'y', 'read');
    await settle();
    void call('bg-write', 'p', 'write', 'background');
    void call('bg-read', 'p', 'read', 'background');
    void call('write', 'u', 'write');
    void call('read', 'v', 'read');
    await settle();

    await release('busy-read');
    await release('read');
    await release('busy-write');
    await release('write');
    await release('bg-read');
    expect(granted).toEqual(['busy-write', 'busy-read', 'read', 'write', 'bg-read', 'bg-write']);
  });

  it('rejects a waiting call that is cancelled, and gives its turn to the next', async () => {
    const { scheduler, granted, call, release } = setup({ maxInFlight: 2, readReserve: 1, perKey: 5 });
    void call('busy', 'x', 'write');
    const controller = new AbortController();
    const cancelled = call('cancelled', 'a', 'write', 'interactive', controller.signal);
    void call('next', 'b', 'write');
    await settle();

    controller.abort();
    await expect(cancelled).rejects.toMatchObject({ kind: 'cancelled' });
    await release('busy');
    expect(granted).toEqual(['busy', 'next']);
    expect(scheduler.stats().waiting).toBe(0);
    await expect(scheduler.acquire({ key: 'a', lane: 'read', signal: AbortSignal.abort() })).rejects.toMatchObject({ kind: 'cancelled' });
  });

  it('frees a connection once, however often it is released', async () => {
    const { scheduler, call } = setup({ maxInFlight: 2, readReserve: 1, perKey: 5 });
    const slot = await call('one', 'a', 'write');
    slot.release();
    slot.release();
    expect(scheduler.stats()).toEqual({ inFlight: 0, inFlightShared: 0, waiting: 0 });
  });

  it('refuses settings that would leave no connection for writes or none for a user', () => {
    expect(() => new ConnectionScheduler({ maxInFlight: 4, readReserve: 4 })).toThrow(RangeError);
    expect(() => new ConnectionScheduler({ perKey: 0 })).toThrow(RangeError);
    expect(() => new ConnectionScheduler({ maxInFlight: 0 })).toThrow(RangeError);
  });
});
