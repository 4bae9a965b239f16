/**
 * What `/talep <text>` resolves to through some areas' routes, without Slack: the route's path and what
 * its parser made of the rest, or the help the router answers with.
 */
import { type Worded, worded } from './parse-problems.js';
import type { Area } from '../../src/slack/dispatch.js';
import { type Resolution, Router } from '../../src/slack/routes.js';

export type Resolved = ({ path: string } & Worded<unknown>) | Extract<Resolution, { help: true }>;

export function routerOf(...areas: Area[]): Router {
  const router = new Router();
  for (const area of areas) for (const entry of area.routes ?? []) router.add(entry);
  return router;
}

export function resolverOf(...areas: Area[]): (text: string) => Resolved {
  const router = routerOf(...areas);
  return (text) => {
    const resolved = router.resolve(text);
    return 'help' in resolved ? resolved : { path: resolved.route.path, ...worded(resolved.args) };
  };
}
