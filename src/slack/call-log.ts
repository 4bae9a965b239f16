/**
 * The bot's own record of its Slack calls: one debug line per Web API call, response_url post or file
 * upload, with the method (or host), the HTTP status and the time taken — never arguments or results.
 * Bolt's WebClient logs whole request bodies and results at debug level (message text, agents-only
 * comments included), so the framework's own debug lines are dropped (`quietFrameworkLogger`) and
 * this fetch wrapper, given to the WebClient and to Bolt's `respond()`, writes these lines instead.
 */
import type { Logger, webApi } from '@slack/bolt';

type FetchFunction = webApi.FetchFunction;

/** `api chat.postMessage` for Web API calls; the origin alone for anything else (its path is a capability). */
export function slackCallLabel(url: string | URL): string {
  try {
    const parsed = new URL(String(url));
    const method = /\/api\/([\w.]+)$/.exec(parsed.pathname)?.[1];
    return method ? `api ${method}` : parsed.origin;
  } catch {
    return 'an unparsable URL';
  }
}

export function loggingFetch(
  logger: Pick<Logger, 'debug'>,
  base: FetchFunction = globalThis.fetch as unknown as FetchFunction,
  now: () => number = () => performance.now(),
): FetchFunction {
  return async (url, init) => {
    const started = now();
    const label = `slack ${init?.method ?? 'GET'} ${slackCallLabel(url)}`;
    try {
      const response = await base(url, init);
      logger.debug(`${label} → ${response.status} in ${Math.round(now() - started)} ms`);
      return response;
    } catch (error) {
      const kind = error instanceof Error ? error.name : 'error';
      logger.debug(`${label} → ${kind} in ${Math.round(now() - started)} ms`);
      throw error;
    }
  };
}
