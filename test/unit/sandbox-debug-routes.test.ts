/**
 * The sandbox's unauthenticated debug routes (`/__sandbox/accounts` hands out every demo user's token)
 * exist only when it listens on loopback, unless whoever starts it turns them on; and the links it hands
 * out can name the address people reach it at (`publicUrl`).
 */
import { describe, expect, it } from 'vitest';
import { debugRoutesWarning, isLoopbackHost } from '../../src/sandbox/loopback.js';
import { startSandbox } from '../../src/sandbox/server.js';

describe('sandbox debug routes', () => {
  it('are served on loopback', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      expect(sandbox.debugRoutes).toBe(true);
      const accounts = await fetch(`http://127.0.0.1:${sandbox.port}/__sandbox/accounts`);
      expect(accounts.status).toBe(200);
      expect(JSON.stringify(await accounts.json())).toContain(sandbox.tokenFor('agent'));
    } finally {
      await sandbox.close();
    }
  });

  it('do not exist on any other interface (404 like any unknown path), and the API still works', async () => {
    const sandbox = await startSandbox({ port: 0, host: '0.0.0.0' });
    try {
      expect(sandbox.debugRoutes).toBe(false);
      for (const path of ['/__sandbox/accounts', '/__sandbox/outbox', '/__sandbox/settings']) {
        const response = await fetch(`http://127.0.0.1:${sandbox.port}${path}`);
        expect([path, response.status]).toEqual([path, 404]);
        expect(await response.text()).not.toContain(sandbox.tokenFor('agent'));
      }
      const post = await fetch(`http://127.0.0.1:${sandbox.port}/__sandbox/settings`, { method: 'POST', body: '{"SharedSecret":"x"}' });
      expect(post.status).toBe(405);
      expect(sandbox.settings().SharedSecret).not.toBe('x');
      const api = await fetch(`http://127.0.0.1:${sandbox.port}/api/talep?id=2`, { headers: { authorization: `Bearer ${sandbox.tokenFor('agent')}` } });
      expect(api.status).toBe(200);
    } finally {
      await sandbox.close();
    }
  });

  it('exist elsewhere only when asked for, and the warning says why that is dangerous', async () => {
    const sandbox = await startSandbox({ port: 0, host: '0.0.0.0', debugRoutes: true });
    try {
      expect((await fetch(`http://127.0.0.1:${sandbox.port}/__sandbox/accounts`)).status).toBe(200);
    } finally {
      await sandbox.close();
    }
    expect(debugRoutesWarning('0.0.0.0', 8080)).toMatch(/^WARNING: .* ON while it listens on 0\.0\.0\.0:8080: anyone who can reach this port can read every demo user's token/);
  });

  it('knows loopback hosts', () => {
    expect(['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'].map(isLoopbackHost)).toEqual([true, true, true, true, true]);
    expect(['0.0.0.0', '::', '10.0.0.5', 'talep.example.com'].map(isLoopbackHost)).toEqual([false, false, false, false]);
  });
});

describe('sandbox public URL', () => {
  it('names the address people reach it at in the links it hands out', async () => {
    const sandbox = await startSandbox({ port: 0, publicUrl: 'https://talep.example.com:8443/' });
    try {
      expect(sandbox.publicRootUrl).toBe('https://talep.example.com:8443');
      expect(sandbox.baseUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/api$/);
      const attachments = await fetch(`${sandbox.baseUrl}/Attachments?id=1`, { headers: { authorization: `Bearer ${sandbox.tokenFor('agent')}` } });
      expect(JSON.stringify(await attachments.json())).toContain('https://talep.example.com:8443/');
    } finally {
      await sandbox.close();
    }
  });
});
