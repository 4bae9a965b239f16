/**
 * Routes built FROM the endpoint table: method + lower-cased path pattern → operation name. Matching
 * ignores case (the spec's published paths mix `/talep` and `/Talep`-style casing; the real server's
 * routing is case-insensitive) and a trailing slash. Nothing is listed twice: a duplicate row in the
 * table is an error at start-up.
 *
 * Real clients send some operations with the other HTTP method (`GET /Authorization`; the spec says POST):
 * every read and every row marked `idempotent` is also reachable by the other method, unless the table
 * already uses that method and path for another operation (`POST /talep` stays createTalep).
 */
import {
  acceptsEitherMethod,
  type EndpointDef,
  endpoints,
  type HttpMethod,
  type OperationName,
  operationNames,
  otherMethod,
  pathParamNames,
} from '../api/endpoints.js';

export interface Route {
  operation: OperationName;
  method: HttpMethod;
  /** Published path, e.g. `/Rule/{id}`. */
  path: string;
  /** Reached by the method the table does not publish (what real clients send). */
  otherMethod: boolean;
  pattern: RegExp;
  paramNames: string[];
}

export type RouteMatch =
  | { kind: 'found'; route: Route; pathParams: Record<string, string> }
  /** The path exists, with other methods. */
  | { kind: 'method-not-allowed'; allowed: HttpMethod[] }
  | { kind: 'not-found' };

export class Router {
  readonly routes: readonly Route[];

  constructor(table: Readonly<Record<OperationName, EndpointDef>> = endpoints) {
    const seen = new Map<string, OperationName>();
    const published = operationNames.map((operation): Route => {
      const { method, path } = table[operation];
      const key = `${method} ${path.toLowerCase()}`;
      const previous = seen.get(key);
      if (previous) throw new Error(`The endpoint table lists ${key} twice (${previous}, ${operation}).`);
      seen.set(key, operation);
      return { operation, method, path, otherMethod: false, pattern: compile(path), paramNames: pathParamNames(path) };
    });
    const others = published.flatMap((route): Route[] => {
      const method = otherMethod(route.method);
      const free = !seen.has(`${method} ${route.path.toLowerCase()}`);
      return free && acceptsEitherMethod(table[route.operation]) ? [{ ...route, method, otherMethod: true }] : [];
    });
    this.routes = [...published, ...others];
  }

  /** `path` is relative to the API prefix, e.g. `/Rule/3`. */
  match(method: string, path: string): RouteMatch {
    const candidates = this.routes.flatMap((route) => {
      const found = route.pattern.exec(path);
      return found ? [{ route, found }] : [];
    });
    const hit = candidates.find(({ route }) => route.method === method.toUpperCase());
    if (hit) {
      const pathParams = Object.fromEntries(
        hit.route.paramNames.map((name, index) => [name, decodeSegment(hit.found[index + 1] ?? '')]),
      );
      return { kind: 'found', route: hit.route, pathParams };
    }
    if (candidates.length > 0) return { kind: 'method-not-allowed', allowed: [...new Set(candidates.map(({ route }) => route.method))] };
    return { kind: 'not-found' };
  }
}

function compile(path: string): RegExp {
  const source = path
    .split(/(\{\w+\})/)
    .map((part) => (/^\{\w+\}$/.test(part) ? '([^/]+)' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
    .join('');
  return new RegExp(`^${source}/?$`, 'i');
}

/** A malformed %-escape stays as sent (the parameter's schema then refuses it with a 400). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}
