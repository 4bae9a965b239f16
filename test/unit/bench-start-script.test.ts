/**
 * The bench starts talep-bot with the environment `npm start` gives it, read from package.json's start
 * script, so a memory figure is the one `npm start` has.
 */
import { describe, expect, test } from 'vitest';
import { npmStartEnvironment, startScriptEnvironment } from '../../bench/slack/start-script.js';

describe("the start script's environment", () => {
  test("package.json's start sets glibc's malloc settings, each overridable from outside", () => {
    expect(npmStartEnvironment()).toEqual({ MALLOC_ARENA_MAX: '2', MALLOC_TRIM_THRESHOLD_: '131072' });
  });

  test('plain and defaulted assignments; none at all', () => {
    expect(startScriptEnvironment('A=1 B=${B:-two} exec node dist/index.js')).toEqual({ A: '1', B: 'two' });
    expect(startScriptEnvironment('exec node dist/index.js')).toEqual({});
  });

  test('a start the bench would not reproduce is refused, not half read', () => {
    expect(() => startScriptEnvironment('node dist/index.js')).toThrow(/start script/);
    expect(() => startScriptEnvironment('exec node --inspect dist/index.js')).toThrow(/start script/);
    expect(() => startScriptEnvironment('cd x && exec node dist/index.js')).toThrow(/not an assignment/);
    expect(() => startScriptEnvironment('A=${B:-1} exec node dist/index.js')).toThrow(/not an assignment/);
  });
});
