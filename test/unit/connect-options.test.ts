/**
 * How people link their account: the modal with password sign-in keeps to Block Kit's limits and never
 * carries a password; the token page and the help desk's links use the public address of the embedded
 * sandbox (SANDBOX_PUBLIC_URL), and password sign-in is on by default only for the embedded sandbox.
 */
import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { buildServices } from '../../src/bootstrap.js';
import { readSignIn } from '../../src/commands/account/connect.js';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { checkView } from '../../src/slack/block-kit-limits.js';
import { connectModal } from '../../src/views/account/connect.js';
import { ConnectIds } from '../../src/views/account/ids.js';

const text = (value: string | null) => ({ type: 'plain_text_input', value });

describe('the connect modal with password sign-in', () => {
  it('keeps to Block Kit limits at its largest, and shows the user name again but no password field value', () => {
    const view = connectModal(`https://hd.example.com/User/Token/?${'x'.repeat(500)}`, 'x'.repeat(3000), 'y'.repeat(5000), {
      withPassword: true,
      username: 'u'.repeat(500),
    });
    expect(checkView(view)).toEqual([]);
    const password = view.blocks.find((block) => block.block_id === ConnectIds.passwordBlock);
    expect(JSON.stringify(password)).not.toContain('initial_value');
  });

  it('reads one way in: user name and password (password as typed), or a token', () => {
    const values = (login: string | null, password: string | null, token: string | null) => ({
      [ConnectIds.loginBlock]: { [ConnectIds.loginInput]: text(login) },
      [ConnectIds.passwordBlock]: { [ConnectIds.passwordInput]: text(password) },
      [ConnectIds.tokenBlock]: { [ConnectIds.tokenInput]: text(token) },
    });
    expect(readSignIn(values(' ayse ', ' with spaces ', null) as never, true)).toEqual({
      ok: true,
      values: { kind: 'password', username: 'ayse', password: ' with spaces ' },
    });
    expect(readSignIn(values(null, null, 'tok-123456789') as never, true)).toEqual({ ok: true, values: { kind: 'token', token: 'tok-123456789' } });
    // Offered or not decides: without the offer, a forged user name and password are ignored.
    expect(readSignIn(values('ayse', 'secret', null) as never, false)).toEqual({
      ok: false,
      errors: { [ConnectIds.tokenBlock]: 'Paste your API token.' },
    });
  });
});

describe('connect options from the configuration', () => {
  const base = { SLACK_BOT_TOKEN: 'xoxb-1', SLACK_SIGNING_SECRET: 's' };

  it('password sign-in: on for the embedded sandbox, opt-in for a real help desk', () => {
    expect(loadConfig(base).connectWithPassword).toBe(true);
    expect(loadConfig({ ...base, CONNECT_WITH_PASSWORD: 'off' }).connectWithPassword).toBe(false);
    expect(loadConfig({ ...base, HELPDESK_URL: 'https://hd.example.com/api' }).connectWithPassword).toBe(false);
    expect(loadConfig({ ...base, HELPDESK_URL: 'https://hd.example.com/api', CONNECT_WITH_PASSWORD: 'on' }).connectWithPassword).toBe(true);
  });

  it('sandbox: loopback and debug routes by default; elsewhere debug routes only when asked', () => {
    expect(loadConfig(base).sandbox).toEqual({ port: 8080, host: '127.0.0.1', publicUrl: undefined, debugRoutes: true });
    expect(loadConfig({ ...base, SANDBOX_HOST: '0.0.0.0', SANDBOX_PUBLIC_URL: 'http://talep.example.com:8080/' }).sandbox).toEqual({
      port: 8080,
      host: '0.0.0.0',
      publicUrl: 'http://talep.example.com:8080',
      debugRoutes: false,
    });
    expect(loadConfig({ ...base, SANDBOX_HOST: '0.0.0.0', SANDBOX_DEBUG_ROUTES: 'on' }).sandbox.debugRoutes).toBe(true);
    expect(() => loadConfig({ ...base, SANDBOX_PUBLIC_URL: 'talep.example.com' })).toThrow(/SANDBOX_PUBLIC_URL/);
  });

  it('the token page, "Open help desk" and talep links use the public address', async () => {
    const config = loadConfig(base);
    const services = await buildServices({
      config,
      helpdeskUrl: 'http://127.0.0.1:8080/api',
      publicHelpdeskUrl: 'https://talep.example.com:8443/api',
      connectWithPassword: true,
      logger: createLogger('error', () => undefined),
      dataDir: undefined,
      encryptionKey: randomBytes(32),
    });
    try {
      expect(services.connect).toEqual({ withPassword: true, tokenPageUrl: 'https://talep.example.com:8443/User/Token/' });
      expect(services.helpdeskWebUrl).toBe('https://talep.example.com:8443');
      expect(services.talepUrlTemplate).toBe('https://talep.example.com:8443/Talep/{id}');
      expect(services.helpdesk.baseUrl).toBe('http://127.0.0.1:8080/api');
    } finally {
      await services.helpdesk.close();
    }
  });
});
