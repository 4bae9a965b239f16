/** The process-level policy: which uncaught errors are logged and survived, and which stop the bot. */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { machinery } from '../../src/machinery.js';
import { FaultPolicy, fatalReason, installProcessPolicy } from '../../src/process-policy.js';

const listenError = (code: string) => Object.assign(new Error(`listen ${code}: 0.0.0.0:3000`), { code, syscall: 'listen' });

describe('FaultPolicy', () => {
  it('keeps serving after a rejection, or an exception that did not come out of the shared machinery', () => {
    const policy = new FaultPolicy();
    expect(policy.decide('unhandledRejection', new TypeError("Cannot read properties of null (reading 'ssl_check')"))).toEqual({ action: 'continue' });
    expect(policy.decide('uncaughtException', new Error('a library callback threw'))).toEqual({ action: 'continue' });
    // A rejection leaves no half-done synchronous state behind, wherever it came from.
    expect(policy.decide('unhandledRejection', new Error('late'), 'the help-desk throttle')).toEqual({ action: 'continue' });
  });

  it('exits on an exception thrown by the shared machinery', () => {
    expect(new FaultPolicy().decide('uncaughtException', new Error('pump blew up'), 'the help-desk throttle')).toMatchObject({
      action: 'exit',
      reason: 'the help-desk throttle failed half-way, so its state cannot be trusted',
    });
  });

  it('exits on fatal errors: the port is taken, not allowed, or an error marked fatal', () => {
    const policy = new FaultPolicy();
    expect(policy.decide('uncaughtException', listenError('EADDRINUSE'))).toMatchObject({ action: 'exit', reason: expect.stringMatching(/EADDRINUSE/) });
    expect(policy.decide('unhandledRejection', listenError('EACCES'))).toMatchObject({ action: 'exit', reason: expect.stringMatching(/EACCES/) });
    expect(policy.decide('unhandledRejection', Object.assign(new Error('store unusable'), { fatal: true }))).toMatchObject({ action: 'exit' });
    // EACCES reading a file is not about listening.
    expect(fatalReason(Object.assign(new Error('open'), { code: 'EACCES', syscall: 'open' }))).toBeUndefined();
    expect(fatalReason('a string')).toBeUndefined();
  });

  it('exits when faults repeat past the limit within the window, and not when they are spread out', () => {
    let now = 0;
    const policy = new FaultPolicy({ maxFaults: 3, windowMs: 10_000, now: () => now });
    for (let n = 0; n < 3; n++) expect(policy.decide('unhandledRejection', new Error('x')).action).toBe('continue');
    now += 1_000;
    expect(policy.decide('unhandledRejection', new Error('x'))).toMatchObject({ action: 'exit', reason: '4 unhandled faults within 10 s' });

    const spread = new FaultPolicy({ maxFaults: 3, windowMs: 10_000, now: () => now });
    for (let n = 0; n < 20; n++) {
      now += 4_000;
      expect(spread.decide('unhandledRejection', new Error('x')).action).toBe('continue');
    }
  });
});

describe('machinery', () => {
  it('passes its arguments through and lets an exception out unchanged', () => {
    const seen: number[] = [];
    machinery('the counter', (n: number) => seen.push(n))(7);
    expect(seen).toEqual([7]);
    const error = new Error('half-way');
    expect(() => machinery('the counter', () => {
      throw error;
    })()).toThrow(error);
  });
});

describe('installProcessPolicy', () => {
  function install(policy = new FaultPolicy()) {
    const target = new EventEmitter();
    const logger = { error: vi.fn(), warn: vi.fn() };
    const shutdown = vi.fn(async () => undefined);
    const exit = vi.fn();
    const announce = vi.fn();
    const uninstall = installProcessPolicy({
      logger,
      shutdown,
      exit,
      announce,
      policy,
      target: target as unknown as Pick<NodeJS.Process, 'on' | 'off'>,
    });
    return { target, logger, shutdown, exit, announce, uninstall };
  }

  it('logs a fault from a request and keeps going', async () => {
    const { target, logger, shutdown, exit } = install();
    target.emit('unhandledRejection', new Error('payload was null'));
    target.emit('uncaughtException', new Error('a library callback threw'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(logger.error).toHaveBeenCalledWith('unhandled rejection:', expect.any(Error));
    expect(logger.error).toHaveBeenCalledWith('uncaught exception:', expect.any(Error));
    expect(shutdown).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
  });

  it('stops when a machinery callback throws, naming the machinery; not for another exception thrown later', async () => {
    const { target, logger, exit, announce } = install();
    const error = new Error('pump blew up');
    try {
      machinery('the help-desk throttle', () => {
        throw error;
      })();
    } catch (thrown) {
      // What Node does with an exception no caller caught.
      target.emit('uncaughtException', thrown);
    }
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(logger.error).toHaveBeenCalledWith('uncaught exception in the help-desk throttle:', error);
    expect(announce).toHaveBeenCalledWith('talep-bot is stopping: the help-desk throttle failed half-way, so its state cannot be trusted.');

    // The note is for that one exception: a machinery throw caught by a caller does not mark the next stray one.
    const quiet = install();
    try {
      machinery('the job runner', () => {
        throw new Error('caught by its caller');
      })();
    } catch {
      // handled
    }
    quiet.target.emit('uncaughtException', new Error('a library callback threw'));
    await new Promise((resolve) => setImmediate(resolve));
    expect(quiet.exit).not.toHaveBeenCalled();
  });

  it('on an unsafe fault: one clear line, a graceful stop, then exit 1 — once', async () => {
    const { target, shutdown, exit, announce, uninstall } = install();
    target.emit('uncaughtException', listenError('EADDRINUSE'));
    target.emit('uncaughtException', new Error('second'));
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
    expect(announce).toHaveBeenCalledOnce();
    expect(announce.mock.calls[0]?.[0]).toMatch(/^talep-bot is stopping: the address cannot be used \(EADDRINUSE/);
    expect(shutdown).toHaveBeenCalledOnce();
    expect(exit).toHaveBeenCalledOnce();
    uninstall();
    expect(target.listenerCount('uncaughtException')).toBe(0);
  });
});
