/**
 * Unhandled promise rejections during a test file, collected (Node would otherwise only warn, or stop
 * the worker): `const rejections = collectUnhandledRejections();` then `expect(rejections).toEqual([])`.
 */
import { afterAll, beforeAll } from 'vitest';

export function collectUnhandledRejections(): unknown[] {
  const rejections: unknown[] = [];
  const onRejection = (reason: unknown) => rejections.push(reason);
  beforeAll(() => {
    process.on('unhandledRejection', onRejection);
  });
  afterAll(() => {
    process.off('unhandledRejection', onRejection);
  });
  return rejections;
}
