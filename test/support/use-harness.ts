/**
 * The e2e set-up every file shares, in one place: start the harness before the file's tests, close it
 * after them, and hand the tests a `Harness` that is usable as soon as `beforeAll` ran.
 *
 *   const h = useHarness({ linked: ['admin', 'agent2'] });
 *   it('…', async () => { await h.send.slash(…); });
 */
import { afterAll, beforeAll } from 'vitest';
import { type Harness, type HarnessOptions, startHarness } from './harness.js';

export function useHarness(
  options: HarnessOptions | (() => HarnessOptions | Promise<HarnessOptions>) = {},
  prepare?: (h: Harness) => Promise<void>,
): Harness {
  let current: Harness | undefined;
  beforeAll(async () => {
    current = await startHarness(typeof options === 'function' ? await options() : options);
    await prepare?.(current);
  });
  afterAll(async () => {
    await current?.close();
    current = undefined;
  });
  return new Proxy({} as Harness, {
    get(_target, property) {
      if (!current) throw new Error(`The e2e harness is not running (read of "${String(property)}" outside a test).`);
      const value = Reflect.get(current, property, current) as unknown;
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(current) : value;
    },
  });
}
