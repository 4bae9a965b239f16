import { describe, expect, it } from 'vitest';
import { ConfigError, decodeKey, loadConfig } from '../../src/config.js';

const base = { SLACK_BOT_TOKEN: 'xoxb-1-2-abc', SLACK_SIGNING_SECRET: 'shh' };

describe('loadConfig', () => {
  it('fills defaults and picks HTTP mode without an app token', () => {
    const config = loadConfig(base);
    expect(config.slack.mode).toBe('http');
    expect(config.port).toBe(3000);
    expect(config.dataDir).toBe('./data');
    expect(config.helpdesk.url).toBeUndefined();
    expect(config.helpdesk.rateLimits).toEqual({ enabled: true, general: 90, search: 60, windowMs: 60_000 });
    expect(config.helpdesk.egressGroup).toBe('shared');
    expect(config.databaseUrl).toBeUndefined();
    expect(config.tokenEncryptionKeys).toBeUndefined();
  });

  it('uses Socket Mode when SLACK_APP_TOKEN is set, and then needs no signing secret', () => {
    const config = loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1', SLACK_APP_TOKEN: 'xapp-1-A-1' });
    expect(config.slack.mode).toBe('socket');
    expect(config.slack.signingSecret).toBeUndefined();
  });

  it('lists every problem in one error', () => {
    let error: unknown;
    try {
      loadConfig({ SLACK_APP_TOKEN: 'nope', HELPDESK_URL: 'ftp://x', PORT: 'eighty', TOKEN_ENCRYPTION_KEY: 'short', LOG_LEVEL: 'loud' });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const names = (error as ConfigError).problems.map((problem) => problem.split(' ')[0]);
    expect(names).toEqual(
      expect.arrayContaining(['SLACK_BOT_TOKEN', 'SLACK_APP_TOKEN', 'HELPDESK_URL', 'PORT', 'TOKEN_ENCRYPTION_KEY', 'LOG_LEVEL']),
    );
    expect((error as ConfigError).message).toContain('SLACK_BOT_TOKEN is required');
  });

  it('reads the shared-instance settings: the egress group and the rate window', () => {
    const config = loadConfig({ ...base, HELPDESK_EGRESS_GROUP: 'zone-b', HELPDESK_RATE_WINDOW_MS: '6000' });
    expect(config.helpdesk.egressGroup).toBe('zone-b');
    expect(config.helpdesk.rateLimits.windowMs).toBe(6_000);
    expect(() => loadConfig({ ...base, HELPDESK_RATE_WINDOW_MS: '10' })).toThrow(/HELPDESK_RATE_WINDOW_MS/);
  });

  it('takes a PostgreSQL DATABASE_URL (with the shared TOKEN_ENCRYPTION_KEY it needs), and only that', () => {
    const key = 'a'.repeat(64);
    expect(loadConfig(base).databaseUrl).toBeUndefined();
    expect(loadConfig({ ...base, DATABASE_URL: 'postgres://talep:pw@db:5432/talep', TOKEN_ENCRYPTION_KEY: key }).databaseUrl).toBe('postgres://talep:pw@db:5432/talep');
    expect(loadConfig({ ...base, DATABASE_URL: 'postgresql://db/talep', TOKEN_ENCRYPTION_KEY: key }).databaseUrl).toBe('postgresql://db/talep');
    expect(() => loadConfig({ ...base, DATABASE_URL: 'mysql://db/talep', TOKEN_ENCRYPTION_KEY: key })).toThrow(/DATABASE_URL must be a PostgreSQL URL/);
    expect(() => loadConfig({ ...base, DATABASE_URL: 'postgres://db/talep' })).toThrow(/DATABASE_URL needs TOKEN_ENCRYPTION_KEY/);
  });

  it('asks for a signing secret in HTTP mode', () => {
    expect(() => loadConfig({ SLACK_BOT_TOKEN: 'xoxb-1' })).toThrow(/SLACK_SIGNING_SECRET is required in HTTP mode/);
  });

  it('reads the optional URLs, rate limits and the key', () => {
    const key = 'ab'.repeat(32);
    const config = loadConfig({
      ...base,
      HELPDESK_URL: 'https://hd.example.com/helpdesk/api',
      SLACK_API_URL: 'http://127.0.0.1:4000/api/',
      HELPDESK_RATE_LIMITS: 'off',
      HELPDESK_SEARCH_PER_MIN: '30',
      TOKEN_ENCRYPTION_KEY: key,
    });
    expect(config.helpdesk.url).toBe('https://hd.example.com/helpdesk/api');
    expect(config.slack.apiUrl).toBe('http://127.0.0.1:4000/api/');
    expect(config.helpdesk.rateLimits).toEqual({ enabled: false, general: 90, search: 30, windowMs: 60_000 });
    expect(config.tokenEncryptionKeys?.map((each) => each.toString('hex'))).toEqual([key]);
  });

  it('reads a key list, the current key first, and refuses a list with a bad or repeated entry', () => {
    const [current, old] = ['ab'.repeat(32), Buffer.alloc(32, 9).toString('base64')];
    expect(loadConfig({ ...base, TOKEN_ENCRYPTION_KEY: `${current}, ${old}` }).tokenEncryptionKeys?.map((key) => key.toString('hex'))).toEqual([
      current,
      '09'.repeat(32),
    ]);
    expect(() => loadConfig({ ...base, TOKEN_ENCRYPTION_KEY: `${current},short` })).toThrow(/TOKEN_ENCRYPTION_KEY/);
    expect(() => loadConfig({ ...base, TOKEN_ENCRYPTION_KEY: `${current},${current}` })).toThrow(/TOKEN_ENCRYPTION_KEY/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ ...base, HELPDESK_URL: '', SLACK_API_URL: '  ' }).helpdesk.url).toBeUndefined();
    expect(loadConfig({ ...base, HELPDESK_TALEP_URL: ' ' }).helpdesk.talepUrl).toBeUndefined();
  });

  it('reads the documentation site: its address, REST root and application password, each checked', () => {
    expect(loadConfig(base).docsSite).toBeUndefined();
    expect(loadConfig({ ...base, DOCS_SITE_URL: 'https://docs.example.com/kb/' }).docsSite).toEqual({ url: 'https://docs.example.com/kb', restRoot: undefined, credentials: undefined });
    expect(
      loadConfig({ ...base, DOCS_SITE_URL: 'https://docs.example.com', DOCS_SITE_REST_ROOT: 'https://docs.example.com/index.php?rest_route=', DOCS_SITE_AUTH: 'bot:abcd efgh:ij' }).docsSite,
    ).toEqual({ url: 'https://docs.example.com', restRoot: 'https://docs.example.com/index.php?rest_route=', credentials: { user: 'bot', password: 'abcd efgh:ij' } });
    let error: unknown;
    try {
      loadConfig({ ...base, DOCS_SITE_URL: 'docs.example.com', DOCS_SITE_AUTH: 'no-password' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ConfigError).problems).toEqual([
      'DOCS_SITE_URL must be an http(s) URL (the documentation site, e.g. https://docs.example.com)',
      'DOCS_SITE_AUTH must be user:application-password',
    ]);
    expect(() => loadConfig({ ...base, DOCS_SITE_AUTH: 'bot:pw' })).toThrow('DOCS_SITE_REST_ROOT and DOCS_SITE_AUTH need DOCS_SITE_URL');
  });

  it('reads HELPDESK_TALEP_URL: an http(s) address with {id}', () => {
    const config = loadConfig({ ...base, HELPDESK_TALEP_URL: ' https://hd.example.com/helpdesk/Ticket/{id} ' });
    expect(config.helpdesk.talepUrl).toBe('https://hd.example.com/helpdesk/Ticket/{id}');
    expect(() => loadConfig({ ...base, HELPDESK_TALEP_URL: 'https://hd.example.com/Ticket/' })).toThrow(
      /HELPDESK_TALEP_URL must contain \{id\} where the talep's id goes/,
    );
    expect(() => loadConfig({ ...base, HELPDESK_TALEP_URL: 'javascript:open({id})' })).toThrow(/HELPDESK_TALEP_URL must be an http\(s\) URL/);
    expect(() => loadConfig({ ...base, HELPDESK_TALEP_URL: 'https://hd.example.com/a b/{id}' })).toThrow(/HELPDESK_TALEP_URL must be an http\(s\) URL/);
  });
});

describe('decodeKey', () => {
  it('accepts 32 bytes as hex or base64 and nothing else', () => {
    expect(decodeKey('00'.repeat(32))?.length).toBe(32);
    expect(decodeKey(Buffer.alloc(32, 7).toString('base64'))?.[0]).toBe(7);
    expect(decodeKey('00'.repeat(16))).toBeUndefined();
  });
});
