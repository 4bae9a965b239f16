/**
 * The integration tests' world: an in-memory sandbox on loopback and the REAL HelpdeskClient, with one
 * client per demo account (Bearer tokens from the sandbox). The client's own throttle is off unless a
 * test turns it on, so the server's limits are what the tests see.
 *
 * The whole suite runs once per response style (vitest.config.ts provides `responseStyle`): the sandbox
 * answers in the spec's shapes or in real servers' shapes, and the client must make the same records of
 * both. Tests assert the normalised records; the few values that differ by style come from `world.style`.
 */
import { expect, inject } from 'vitest';
import { basic, bearer, type Credential } from '../../src/api/auth.js';
import { HelpdeskClient, type HelpdeskClientOptions } from '../../src/api/client.js';
import { HelpdeskError, type HelpdeskErrorKind } from '../../src/api/errors.js';
import type { ResponseStyle } from '../../src/api/shapes.js';
import type { FileUpload } from '../../src/api/wire.js';
import { type Sandbox, type SandboxOptions, startSandbox } from '../../src/sandbox/server.js';

export const DEMO_USERS = ['admin', 'agent', 'agent2', 'user'] as const;
export type DemoUser = (typeof DEMO_USERS)[number];

declare module 'vitest' {
  export interface ProvidedContext {
    /** The sandbox's response style this run of the integration suite uses. */
    responseStyle: ResponseStyle;
  }
}

/** The response style of this run (`spec` when a test file is run outside the integration projects). */
export const responseStyle = (): ResponseStyle => inject('responseStyle') ?? 'spec';


export interface World {
  sandbox: Sandbox;
  style: ResponseStyle;
  /** The shared client without a credential (one throttle and guard, as in the bot). */
  client: HelpdeskClient;
  admin: HelpdeskClient;
  agent: HelpdeskClient;
  agent2: HelpdeskClient;
  user: HelpdeskClient;
  /** A client for any credential, sharing the world's throttle and guard. */
  as(credential: Credential): HelpdeskClient;
  close(): Promise<void>;
}

export interface WorldOptions {
  sandbox?: SandboxOptions;
  client?: Partial<Omit<HelpdeskClientOptions, 'baseUrl'>>;
}

export async function startWorld(options: WorldOptions = {}): Promise<World> {
  const sandbox = await startSandbox({
    port: 0,
    ...options.sandbox,
    settings: { DisableRateLimit: true, ResponseStyle: responseStyle(), ...options.sandbox?.settings },
  });
  const client = new HelpdeskClient({ baseUrl: sandbox.baseUrl, throttle: { enabled: false }, cache: false, ...options.client });
  const as = (credential: Credential) => client.withCredential(credential);
  const [admin, agent, agent2, user] = DEMO_USERS.map((name) => as(bearer(sandbox.tokenFor(name)))) as [
    HelpdeskClient,
    HelpdeskClient,
    HelpdeskClient,
    HelpdeskClient,
  ];
  return {
    sandbox,
    style: sandbox.settings().ResponseStyle,
    client,
    admin,
    agent,
    agent2,
    user,
    as,
    async close() {
      await client.close();
      await sandbox.close();
    },
  };
}

/** A fresh client (own guard) for a credential: for tests that expect 401s. */
export function separateClient(world: World, credential: Credential, options: Partial<HelpdeskClientOptions> = {}): HelpdeskClient {
  return new HelpdeskClient({ baseUrl: world.sandbox.baseUrl, throttle: { enabled: false }, cache: false, credential, ...options });
}

export const wrongPassword = (username: DemoUser) => basic(username, 'not-the-password');

/** Awaits a rejection with a HelpdeskError of `kind` that came from the server, and returns it. */
export async function expectFailure(call: Promise<unknown>, kind: HelpdeskErrorKind, reason?: string | RegExp): Promise<HelpdeskError> {
  const error = await call.then(
    () => undefined,
    (failure: unknown) => failure,
  );
  expect(error, 'the call should have failed').toBeInstanceOf(HelpdeskError);
  const helpdeskError = error as HelpdeskError;
  expect({ kind: helpdeskError.kind, source: helpdeskError.source }).toEqual({ kind, source: 'server' });
  if (reason !== undefined) {
    if (typeof reason === 'string') expect(helpdeskError.reason).toBe(reason);
    else expect(helpdeskError.reason).toMatch(reason);
  }
  return helpdeskError;
}

export const textFile = (filename: string, text: string, contentType = 'text/plain'): FileUpload => ({
  filename,
  contentType,
  data: new TextEncoder().encode(text),
});
