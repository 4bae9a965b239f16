/**
 * The bench starts talep-bot the way `npm start` does, read from package.json's start script (its
 * environment and node's options), so a memory or CPU figure is the one `npm start` has.
 */
import { describe, expect, test } from 'vitest';
import { npmStart, readStartScript } from '../../bench/slack/start-script.js';

describe("the start script's environment and node options", () => {
  test("package.json's start sets glibc's malloc settings, each overridable from outside, and one GC thread", () => {
    expect(npmStart()).toEqual({
      environment: { MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' },
      nodeOptions: ['--single-threaded-gc'],
    });
  });

  test('plain and defaulted assignments; none at all; node options', () => {
    expect(readStartScript('A=1 B=${B:-two} exec node dist/index.js')).toEqual({ environment: { A: '1', B: 'two' }, nodeOptions: [] });
    expect(readStartScript('exec node dist/index.js')).toEqual({ environment: {}, nodeOptions: [] });
    expect(readStartScript('exec node --single-threaded-gc --max-old-space-size=256 dist/index.js')).toEqual({
      environment: {},
      nodeOptions: ['--single-threaded-gc', '--max-old-space-size=256'],
    });
  });

  test('a start the bench would not reproduce is refused, not half read', () => {
    expect(() => readStartScript('node dist/index.js')).toThrow(/start script/);
    expect(() => readStartScript('exec node')).toThrow(/start script/);
    expect(() => readStartScript('exec node dist/index.js --port 3000')).toThrow(/start script/);
    expect(() => readStartScript('exec node --require ./x.js dist/index.js')).toThrow(/start script/); // an option's separate value
    expect(() => readStartScript('exec node --max-old-space-size=$SIZE dist/index.js')).toThrow(/start script/);
    expect(() => readStartScript('cd x && exec node dist/index.js')).toThrow(/not an assignment/);
    expect(() => readStartScript('A=${B:-1} exec node dist/index.js')).toThrow(/not an assignment/);
  });
});
