import { describe, expect, it } from 'vitest';
import { Turns } from '../../src/slack/turns.js';

/** One turn of the event loop: an immediate queued now runs after the ones queued before it. */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('Turns', () => {
  it('lets one waiter go per turn of the event loop, in call order', async () => {
    const turns = new Turns();
    const gone: number[] = [];
    for (const n of [1, 2, 3]) void turns.next().then(() => gone.push(n));
    expect(gone).toEqual([]); // never in the turn that asked
    expect(turns.waiting).toBe(3);
    await nextTurn();
    expect(gone).toEqual([1]);
    await nextTurn();
    expect(gone).toEqual([1, 2]);
    await nextTurn();
    expect(gone).toEqual([1, 2, 3]);
    expect(turns.waiting).toBe(0);
  });

  it('lets `perTurn` go per turn', async () => {
    const turns = new Turns(2);
    const gone: number[] = [];
    for (const n of [1, 2, 3]) void turns.next().then(() => gone.push(n));
    await nextTurn();
    expect(gone).toEqual([1, 2]);
    await nextTurn();
    expect(gone).toEqual([1, 2, 3]);
  });
});
