/**
 * Environment → typed Config. Every variable is checked at once, so a bad start-up prints one message
 * listing everything that is missing or wrong instead of failing on the first.
 */
import * as z from 'zod';
import { talepUrlTemplateProblem } from './domain/talep-link.js';
import { isLoopbackHost } from './sandbox/loopback.js';

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const url = (what: string) =>
  z
    .string()
    .trim()
    .transform((value) => value || undefined)
    .pipe(z.url({ protocol: /^https?$/, error: `must be an http(s) URL (${what})` }).optional())
    .optional();

const port = (fallback: number) => z.coerce.number().int().min(0).max(65_535).default(fallback);

const budget = (fallback: number) => z.coerce.number().int().min(1).max(10_000).default(fallback);

const envSchema = z
  .object({
    SLACK_BOT_TOKEN: z
      .string({ error: 'is required (the xoxb- bot token from "OAuth & Permissions")' })
      .trim()
      .regex(/^xoxb-/, 'must be a bot token starting with xoxb-'),
    SLACK_SIGNING_SECRET: optionalText,
    SLACK_APP_TOKEN: optionalText.pipe(
      z.string().regex(/^xapp-/, 'must be an app-level token starting with xapp-').optional(),
    ),
    SLACK_API_URL: url('a Slack Web API stand-in, e.g. http://127.0.0.1:4000/api/'),
    HELPDESK_URL: url('the help-desk API root, e.g. https://helpdesk.example.com/api'),
    HELPDESK_TALEP_URL: optionalText.pipe(
      z
        .string()
        .superRefine((value, ctx) => {
          const problem = talepUrlTemplateProblem(value);
          if (problem) ctx.addIssue({ code: 'custom', message: `${problem}, e.g. https://helpdesk.example.com/Ticket/{id}` });
        })
        .optional(),
    ),
    HELPDESK_RATE_LIMITS: z.enum(['on', 'off']).default('on'),
    HELPDESK_GENERAL_PER_MIN: budget(90),
    HELPDESK_SEARCH_PER_MIN: budget(60),
    HELPDESK_RATE_WINDOW_MS: z.coerce.number().int().min(1_000).max(3_600_000).default(60_000),
    HELPDESK_EGRESS_GROUP: z.string().trim().min(1).max(200).default('shared'),
    PORT: port(3000),
    SANDBOX_PORT: port(8080),
    SANDBOX_HOST: z.string().trim().min(1).default('127.0.0.1'),
    SANDBOX_PUBLIC_URL: url('the address people reach the embedded sandbox at, e.g. http://talep.example.com:8080'),
    SANDBOX_DEBUG_ROUTES: z.enum(['on', 'off']).optional(),
    CONNECT_WITH_PASSWORD: z.enum(['on', 'off']).optional(),
    DATA_DIR: z.string().trim().min(1).default('./data'),
    DATABASE_URL: optionalText.pipe(
      z
        .string()
        .refine((value) => /^postgres(ql)?:\/\/./.test(value) && URL.canParse(value), 'must be a PostgreSQL URL, e.g. postgres://talep:secret@db.example.com:5432/talep')
        .optional(),
    ),
    TOKEN_ENCRYPTION_KEY: optionalText.pipe(
      z
        .string()
        .refine(
          (value) => decodeKeyList(value) !== undefined,
          'must be 32 bytes as 64 hex characters or base64 (or a comma-separated list of such keys, the current one first)',
        )
        .optional(),
    ),
    LOG_LEVEL: z.enum(['debug', 'info', 'warn', 'error']).default('info'),
    DEFAULT_LANGUAGE: z.preprocess(
      (value) => (typeof value === 'string' ? value.trim().toLowerCase() || undefined : value),
      z.enum(['en', 'tr'], { error: 'must be en or tr' }).default('en'),
    ),
    DOCS_SITE_URL: url('the documentation site, e.g. https://docs.example.com'),
    DOCS_SITE_REST_ROOT: url('its REST index, e.g. https://docs.example.com/wp-json'),
    DOCS_SITE_AUTH: optionalText.pipe(z.string().regex(/^[^:]+:.+$/, 'must be user:application-password').optional()),
    HELPDESK_WEBHOOK_SECRET: optionalText.pipe(z.string().min(16, 'must be at least 16 characters (e.g. `openssl rand -hex 24`)').optional()),
    NOTIFY_POLL: z.enum(['on', 'off']).default('on'),
    NOTIFY_POLL_SHARE: z
      .string()
      .trim()
      .regex(/^\d{1,3}(\.\d+)?\s*%?$/, 'must be a percentage of the help-desk budget, e.g. 25 or 25%')
      .transform((value) => Number.parseFloat(value) / 100)
      .pipe(z.number().min(0.01, 'must be at least 1%').max(0.9, 'must be at most 90% (interactive use needs the rest)'))
      .default(0.25),
    NOTIFY_COALESCE_MS: z.coerce.number().int().min(0).max(60_000).default(700),
    NOTIFY_DUE_HOURS: z.coerce.number().int().min(1).max(24 * 14).default(24),
  });

/** Rules across variables, checked on the raw values so they are reported alongside the others. */
function crossVariableProblems(env: NodeJS.ProcessEnv): string[] {
  const set = (name: string) => Boolean(env[name]?.trim());
  const problems: string[] = [];
  if ((set('DOCS_SITE_REST_ROOT') || set('DOCS_SITE_AUTH')) && !set('DOCS_SITE_URL')) {
    problems.push('DOCS_SITE_REST_ROOT and DOCS_SITE_AUTH need DOCS_SITE_URL (the documentation site whose links get previews)');
  }
  if (set('DATABASE_URL') && !set('TOKEN_ENCRYPTION_KEY')) {
    // A key file is per machine: instances sharing one database must share one key, or they cannot read each other's links.
    problems.push('DATABASE_URL needs TOKEN_ENCRYPTION_KEY: every instance sharing the database must seal tokens with the same key');
  }
  if (!set('SLACK_APP_TOKEN') && !set('SLACK_SIGNING_SECRET')) {
    problems.push('SLACK_SIGNING_SECRET is required in HTTP mode (set SLACK_APP_TOKEN instead to use Socket Mode)');
  }
  // Both listen when the sandbox is embedded (PORT also in Socket Mode: the health endpoints).
  const botPort = env.PORT?.trim() || '3000';
  const sandboxPort = env.SANDBOX_PORT?.trim() || '8080';
  if (!set('HELPDESK_URL') && botPort === sandboxPort && Number(botPort) !== 0) {
    problems.push(
      `PORT and SANDBOX_PORT are both ${botPort}: the bot and the embedded sandbox help desk need a port each — change one of them`,
    );
  }
  return problems;
}

export interface Config {
  slack: {
    botToken: string;
    signingSecret: string | undefined;
    appToken: string | undefined;
    apiUrl: string | undefined;
    mode: 'socket' | 'http';
  };
  helpdesk: {
    /** Undefined: start the embedded sandbox and use it. */
    url: string | undefined;
    /** A talep's web page with `{id}` (`HELPDESK_TALEP_URL`); undefined: `<root>/Talep/{id}` of the help desk in use. */
    talepUrl?: string | undefined;
    /** `windowMs`: the help desk's rate window (default 60 s; shorter only for scaled tests). */
    rateLimits: { enabled: boolean; general: number; search: number; windowMs?: number };
    /**
     * Instances with the same group leave through one IP and share one rate budget and one lock-out
     * guard (with `databaseUrl`); give instances with their own IP (or zone) their own group.
     */
    egressGroup?: string;
  };
  /** HTTP mode: Slack's requests and the health endpoints; Socket Mode: the health endpoints. */
  port: number;
  sandbox: {
    port: number;
    /** The interface the embedded sandbox listens on (default loopback). */
    host: string;
    /** Where people reach it (token page, talep pages); default `http://127.0.0.1:<port>`. */
    publicUrl: string | undefined;
    /** `/__sandbox/*` (outbox, settings, every user's token): default only on a loopback host. */
    debugRoutes: boolean;
  };
  /** The connect modal also offers "user name and password" (exchanged once for the token). */
  connectWithPassword: boolean;
  dataDir: string;
  /**
   * `DATABASE_URL`: the shared PostgreSQL store for several instances; undefined keeps the embedded
   * store in `dataDir` (one process).
   */
  databaseUrl?: string | undefined;
  /**
   * 32-byte keys, the current one first, then older keys whose tokens are re-encrypted at start;
   * undefined means "use (or generate) the key file in the data directory".
   */
  tokenEncryptionKeys: Buffer[] | undefined;
  logLevel: 'debug' | 'info' | 'warn' | 'error';
  /** The workspace's language: for people whose Slack language the bot does not speak, and channels nobody set. */
  defaultLanguage: 'en' | 'tr';
  /** Previews of documentation links through the site's oEmbed proxy; undefined without `DOCS_SITE_URL`. */
  docsSite?: DocsSiteConfig | undefined;
  /** Help desk → Slack: the webhook's secret, the poller's share of the budget, coalescing, due reminders. */
  notify?: NotifyConfig;
}

export interface NotifyConfig {
  /** `HELPDESK_WEBHOOK_SECRET`: `POST /helpdesk/events` is served only when it is set. */
  webhookSecret: string | undefined;
  /** `NOTIFY_POLL`: poll the help desk for changes (off: push only). */
  poll: boolean;
  /** `NOTIFY_POLL_SHARE` as a fraction (0.25): the most of each help-desk budget the poller may use. */
  pollShare: number;
  /** `NOTIFY_COALESCE_MS`: changes to one talep closer together than this become one update. */
  coalesceMs: number;
  /** `NOTIFY_DUE_HOURS`: the "due soon" DM goes this long before the due date. */
  dueSoonHours: number;
}

export interface DocsSiteConfig {
  url: string;
  /** Default `<url>/wp-json`. */
  restRoot: string | undefined;
  credentials: { user: string; password: string } | undefined;
}

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
  }
}

export function decodeKey(text: string): Buffer | undefined {
  const value = text.trim();
  const bytes = /^[0-9a-f]{64}$/i.test(value) ? Buffer.from(value, 'hex') : Buffer.from(value, 'base64');
  return bytes.length === 32 ? bytes : undefined;
}

/** `NEW,OLD,…`: every entry must be a key, none twice. Undefined when any entry is not a key. */
export function decodeKeyList(text: string): Buffer[] | undefined {
  const keys: Buffer[] = [];
  for (const entry of text.split(',')) {
    const key = decodeKey(entry);
    if (!key || keys.some((known) => known.equals(key))) return undefined;
    keys.push(key);
  }
  return keys.length > 0 ? keys : undefined;
}

function docsSiteConfig(url: string, restRoot: string | undefined, auth: string | undefined): DocsSiteConfig {
  const at = auth?.indexOf(':') ?? -1;
  return {
    url: url.replace(/\/+$/, ''),
    restRoot: restRoot?.replace(/\/+$/, ''),
    credentials: auth && at > 0 ? { user: auth.slice(0, at), password: auth.slice(at + 1) } : undefined,
  };
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(env);
  const problems = [
    ...(parsed.success
      ? []
      : parsed.error.issues.map((issue) => {
          const name = String(issue.path[0] ?? 'environment');
          if (/^(is|must) /.test(issue.message)) return `${name} ${issue.message}`;
          return env[name] === undefined ? `${name} is required` : `${name} is invalid: ${issue.message}`;
        })),
    ...crossVariableProblems(env),
  ];
  if (!parsed.success || problems.length > 0) throw new ConfigError(problems);
  const e = parsed.data;
  return {
    slack: {
      botToken: e.SLACK_BOT_TOKEN,
      signingSecret: e.SLACK_SIGNING_SECRET,
      appToken: e.SLACK_APP_TOKEN,
      apiUrl: e.SLACK_API_URL,
      mode: e.SLACK_APP_TOKEN ? 'socket' : 'http',
    },
    helpdesk: {
      url: e.HELPDESK_URL,
      talepUrl: e.HELPDESK_TALEP_URL,
      rateLimits: {
        enabled: e.HELPDESK_RATE_LIMITS === 'on',
        general: e.HELPDESK_GENERAL_PER_MIN,
        search: e.HELPDESK_SEARCH_PER_MIN,
        windowMs: e.HELPDESK_RATE_WINDOW_MS,
      },
      egressGroup: e.HELPDESK_EGRESS_GROUP,
    },
    port: e.PORT,
    sandbox: {
      port: e.SANDBOX_PORT,
      host: e.SANDBOX_HOST,
      publicUrl: e.SANDBOX_PUBLIC_URL?.replace(/\/+$/, ''),
      debugRoutes: e.SANDBOX_DEBUG_ROUTES ? e.SANDBOX_DEBUG_ROUTES === 'on' : isLoopbackHost(e.SANDBOX_HOST),
    },
    // On by default for the embedded sandbox (demo accounts, no token page to find); opt-in for a real help desk.
    connectWithPassword: e.CONNECT_WITH_PASSWORD ? e.CONNECT_WITH_PASSWORD === 'on' : !e.HELPDESK_URL,
    dataDir: e.DATA_DIR,
    databaseUrl: e.DATABASE_URL,
    tokenEncryptionKeys: e.TOKEN_ENCRYPTION_KEY ? decodeKeyList(e.TOKEN_ENCRYPTION_KEY) : undefined,
    logLevel: e.LOG_LEVEL,
    defaultLanguage: e.DEFAULT_LANGUAGE,
    docsSite: e.DOCS_SITE_URL ? docsSiteConfig(e.DOCS_SITE_URL, e.DOCS_SITE_REST_ROOT, e.DOCS_SITE_AUTH) : undefined,
    notify: {
      webhookSecret: e.HELPDESK_WEBHOOK_SECRET,
      poll: e.NOTIFY_POLL === 'on',
      pollShare: e.NOTIFY_POLL_SHARE,
      coalesceMs: e.NOTIFY_COALESCE_MS,
      dueSoonHours: e.NOTIFY_DUE_HOURS,
    },
  };
}
