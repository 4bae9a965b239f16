/**
 * The start-up check of the Slack tokens: one `auth.test` (no retries, a time limit) that tells a bad
 * token, a token of the wrong kind or app, and an unreachable Slack apart, each in one sentence naming
 * the call — instead of the Web API client's ten silent retries and a bot that never answers.
 * In Socket Mode the app-level token must belong to the same app as the bot token (`bots.info`).
 */
import { type Logger, webApi } from '@slack/bolt';
import { describeNetworkFailure } from '../api/network-failure.js';
import { StartupError } from './startup-error.js';

/** The bot scopes the bot cannot start without (manifest.yml asks for these and FEATURE_BOT_SCOPES; a test keeps them equal). */
export const REQUIRED_BOT_SCOPES = [
  'commands',
  'chat:write',
  'chat:write.public',
  'users:read',
  'users:read.email',
  'files:read',
  'files:write',
  'im:write',
] as const;

/**
 * Scopes of features the rest of the bot works without (link previews): an app installed before
 * manifest.yml asked for them starts, with a warning saying what is off until it is reinstalled.
 */
export const FEATURE_BOT_SCOPES = {
  'links:read': 'link previews (link_shared)',
  'links:write': 'link previews (chat.unfurl)',
  'channels:history': 'thread sync and request channels (message.channels)',
  'groups:history': 'thread sync and request channels in private channels (message.groups)',
  'reactions:read': 'the emoji that opens a talep (reaction_added)',
  'reactions:write': 'the ✅ on closed taleps’ threads (reactions.add)',
} as const;

export interface SlackIdentity {
  teamId: string;
  team: string;
  botUserId: string;
  botId: string;
  /** Known when `bots.info` answered. */
  appId: string | undefined;
}

export interface SlackCheckOptions {
  botToken: string;
  /** Socket Mode: the app-level token, whose app must be the bot token's. */
  appToken?: string | undefined;
  apiUrl?: string | undefined;
  fetch?: webApi.FetchFunction;
  timeoutMs?: number;
  logger?: Logger;
}

const REFUSED_TOKEN = new Set(['invalid_auth', 'not_authed', 'token_revoked', 'token_expired', 'account_inactive', 'no_permission']);

/** The app id in an app-level token: `xapp-1-A0123ABCD-…`. */
export function appIdOfAppToken(appToken: string): string | undefined {
  return /^xapp-\d+-(A[A-Z0-9]+)-/.exec(appToken)?.[1];
}

export async function checkSlack(options: SlackCheckOptions): Promise<SlackIdentity> {
  const apiUrl = options.apiUrl ?? 'https://slack.com/api/';
  const client = new webApi.WebClient(options.botToken, {
    slackApiUrl: apiUrl,
    retryConfig: { retries: 0 },
    timeout: options.timeoutMs ?? 10_000,
    rejectRateLimitedCalls: true,
    ...(options.fetch ? { fetch: options.fetch } : {}),
    // The client's own "http request failed" warning would only repeat what the sentence below says.
    logger: silentLogger(),
  });
  const result = await client.auth.test().catch((error: unknown) => {
    throw new StartupError(slackFailure('auth.test', 'SLACK_BOT_TOKEN', apiUrl, options.apiUrl !== undefined, error));
  });
  if (!result.bot_id || !result.user_id || !result.team_id) {
    throw new StartupError(
      'SLACK_BOT_TOKEN is not a bot token (auth.test names no bot): use the "Bot User OAuth Token" (xoxb-…) from the app\'s "OAuth & Permissions" page.',
    );
  }
  const granted = result.response_metadata?.scopes;
  if (granted) {
    const missing = REQUIRED_BOT_SCOPES.filter((scope) => !granted.includes(scope));
    if (missing.length > 0) {
      throw new StartupError(
        `SLACK_BOT_TOKEN lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')} (auth.test): it is another app's token, ` +
          'or the app was installed before manifest.yml asked for them — reinstall the app created from manifest.yml and copy its bot token again.',
      );
    }
    const without = Object.entries(FEATURE_BOT_SCOPES).filter(([scope]) => !granted.includes(scope));
    if (without.length > 0) {
      options.logger?.warn(
        `SLACK_BOT_TOKEN lacks ${without.map(([scope]) => scope).join(', ')}: ${[...new Set(without.map(([, feature]) => feature.replace(/ \(.*\)$/, '')))].join(', ')} stay off ` +
          'until the app is reinstalled from manifest.yml; everything else works.',
      );
    }
  }
  const appId = await botAppId(client, result.bot_id, options.logger);
  const tokenApp = options.appToken ? appIdOfAppToken(options.appToken) : undefined;
  if (appId && tokenApp && appId !== tokenApp) {
    throw new StartupError(
      `SLACK_BOT_TOKEN and SLACK_APP_TOKEN belong to different Slack apps (${appId} and ${tokenApp}): take both from the same app's settings.`,
    );
  }
  return { teamId: result.team_id, team: result.team ?? result.team_id, botUserId: result.user_id, botId: result.bot_id, appId };
}

/** The bot's app id, or undefined when Slack will not say (then the comparison is skipped, not failed). */
async function botAppId(client: webApi.WebClient, botId: string, logger: Logger | undefined): Promise<string | undefined> {
  try {
    const info = await client.bots.info({ bot: botId });
    return info.bot?.app_id;
  } catch (error) {
    logger?.warn(`could not tell which Slack app the bot token belongs to (bots.info: ${describeSlackError(error)}); not compared with SLACK_APP_TOKEN`);
    return undefined;
  }
}

/** One sentence for a failed Slack call made with `tokenVariable`'s token. */
export function slackFailure(call: string, tokenVariable: string, apiUrl: string, customUrl: boolean, error: unknown): string {
  const code = (error as { code?: unknown }).code;
  if (code === webApi.ErrorCode.PlatformError) {
    const slackError = String((error as webApi.WebAPIPlatformError).data.error);
    if (REFUSED_TOKEN.has(slackError)) {
      return (
        `Slack refused ${tokenVariable} (${call}: ${slackError}): copy it again from the app's settings ` +
        `(${tokenVariable === 'SLACK_APP_TOKEN' ? '"Basic Information" → "App-Level Tokens", scope connections:write' : '"OAuth & Permissions" → "Bot User OAuth Token"; reinstall the app if it was revoked'}).`
      );
    }
    return `Slack answered ${call} with "${slackError}" for ${tokenVariable}: check that it is this app's token.`;
  }
  if (code === webApi.ErrorCode.HTTPError) {
    const status = (error as webApi.WebAPIHTTPError).statusCode;
    return `Slack answered ${call} with HTTP ${status} at ${apiUrl}${customUrl ? ': check SLACK_API_URL' : ': Slack may be down, try again shortly'}.`;
  }
  if (code === webApi.ErrorCode.RateLimitedError) {
    return `Slack rate-limited ${call}: try again in a minute.`;
  }
  return (
    `Slack could not be reached: ${call} to ${apiUrl} failed (${describeNetworkFailure((error as { original?: unknown }).original ?? error)}); ` +
    `check the network, a proxy or firewall${customUrl ? ', and SLACK_API_URL' : ''}.`
  );
}

function describeSlackError(error: unknown): string {
  const data = (error as { data?: { error?: unknown } }).data;
  return typeof data?.error === 'string' ? data.error : describeNetworkFailure(error);
}

function silentLogger(): Logger {
  let level = webApi.LogLevel.ERROR;
  return {
    debug: () => undefined,
    info: () => undefined,
    warn: () => undefined,
    error: () => undefined,
    setLevel: (next) => {
      level = next;
    },
    getLevel: () => level,
    setName: () => undefined,
  };
}
