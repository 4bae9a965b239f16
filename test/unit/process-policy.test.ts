/** The process-level policy: which uncaught errors are logged and survived, and which stop the bot. */
import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { currentFaultScope, FaultPolicy, fatalReason, installProcessPolicy, runInFaultScope } from '../../src/process-policy.js';

const listenError = (code: string) => Object.assign(new Error(`listen ${code}: 0.0.0.0:3000`), { code, syscall: 'listen' });

describe('FaultPolicy', () => {
  it('keeps serving after a rejection or an exception inside a request', () => {
    const policy = new FaultPolicy();
    expect(policy.decide('unhandledRejection', new TypeError("Cannot read properties of null (reading 'ssl_check')"), 'POST /slack/events')).toEqual({ action: 'continue' });
    expect(policy.decide('uncaughtException', new Error('boom'), 'job create-talep 1')).toEqual({ action: 'continue' });
    // A rejection outside any request leaves no half-done synchronous state behind.
    expect(policy.decide('unhandledRejection', new Error('late'), undefined)).toEqual({ action: 'continue' });
  });

  it('exits on an exception outside any request or job', () => {
    expect(new FaultPolicy().decide('uncaughtException', new Error('timer blew up'), undefined)).toMatchObject({
      action: 'exit',
      reason: expect.stringMatching(/outside any request or job/),
    });
  });

  it('exits on fatal errors: the port is taken, not allowed, or an error marked fatal', () => {
    const policy = new FaultPolicy();
    expect(policy.decide('uncaughtException', listenError('EADDRINUSE'), 'x')).toMatchObject({ action: 'exit', reason: expect.stringMatching(/EADDRINUSE/) });
    expect(policy.decide('unhandledRejection', listenError('EACCES'), 'x')).toMatchObject({ action: 'exit', reason: expect.stringMatching(/EACCES/) });
    expect(policy.decide('unhandledRejection', Object.assign(new Error('store unusable'), { fatal: true }), 'x')).toMatchObject({ action: 'exit' });
    // EACCES reading a file is not about listening.
    expect(fatalReason(Object.assign(new Error('open'), { code: 'EACCES', syscall: 'open' }))).toBeUndefined();
    expect(fatalReason('a string')).toBeUndefined();
  });

  it('exits when faults repeat past the limit within the window, and not when they are spread out', () => {
    let now = 0;
    const policy = new FaultPolicy({ maxFaults: 3, windowMs: 10_000, now: () => now });
    for (let n = 0; n < 3; n++) expect(policy.decide('unhandledRejection', new Error('x'), 'r').action).toBe('continue');
    now += 1_000;
    expect(policy.decide('unhandledRejection', new Error('x'), 'r')).toMatchObject({ action: 'exit', reason: '4 unhandled faults within 10 s' });

    const spread = new FaultPolicy({ maxFaults: 3, windowMs: 10_000, now: () => now });
    for (let n = 0; n < 20; n++) {
      now += 4_000;
      expect(spread.decide('unhandledRejection', new Error('x'), 'r').action).toBe('continue');
    }
  });
});

describe('runInFaultScope', () => {
  it('names the request or job for everything that runs on its behalf, including later callbacks', async () => {
    expect(currentFaultScope()).toBeUndefined();
    const seen = await runInFaultScope('POST /slack/events', async () => {
      await new Promise((resolve) => setTimeout(resolve, 1));
      return currentFaultScope();
    });
    expect(seen).toBe('POST /slack/events');
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

  it('logs a fault in a request and keeps going', async () => {
    const { target, logger, shutdown, exit } = install();
    runInFaultScope('POST /slack/events', () => target.emit('unhandledRejection', new Error('payload was null')));
    await new Promise((resolve) => setImmediate(resolve));
    expect(logger.error).toHaveBeenCalledWith('unhandled rejection in POST /slack/events:', expect.any(Error));
    expect(shutdown).not.toHaveBeenCalled();
    expect(exit).not.toHaveBeenCalled();
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
