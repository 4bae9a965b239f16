import { afterEach, describe, expect, it, vi } from 'vitest';
import { withinMs } from '../../src/slack/within.js';

describe('withinMs', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
  });

  it('answers a value that is already there without starting a timer', async () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    await expect(withinMs(50, Promise.resolve('tr'))).resolves.toBe('tr');
    expect(setTimer).not.toHaveBeenCalled();
  });

  it('takes an answer a few microtask turns away (an in-memory store’s async functions) without a timer', async () => {
    const setTimer = vi.spyOn(globalThis, 'setTimeout');
    const read = async () => ({ language: 'tr' });
    const lookup = async () => (await read()).language;
    await expect(withinMs(50, lookup())).resolves.toBe('tr');
    await expect(withinMs(50, (async () => { throw new Error('unreadable'); })())).rejects.toThrow('unreadable');
    expect(setTimer).not.toHaveBeenCalled();
  });

  it('waits for a value that comes within the time', async () => {
    vi.useFakeTimers();
    const answer = withinMs(50, new Promise((resolve) => setTimeout(() => resolve('en'), 20)));
    await vi.advanceTimersByTimeAsync(20);
    await expect(answer).resolves.toBe('en');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('gives up (undefined) when the value comes too late', async () => {
    vi.useFakeTimers();
    const answer = withinMs(50, new Promise((resolve) => setTimeout(() => resolve('en'), 80)));
    await vi.advanceTimersByTimeAsync(50);
    await expect(answer).resolves.toBeUndefined();
  });

  it('passes a failure on, settled or not', async () => {
    await expect(withinMs(50, Promise.reject(new Error('store down')))).rejects.toThrow('store down');
    await expect(withinMs(50, new Promise((_, reject) => setTimeout(() => reject(new Error('later')), 5)))).rejects.toThrow('later');
  });
});
