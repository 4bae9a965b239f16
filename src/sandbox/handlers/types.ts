/**
 * What an operation handler receives and returns. A handler gets the typed parameters (already decoded
 * and validated with the endpoint table), the authenticated caller and the data; it returns the typed
 * response value, or throws a SandboxHttpError. The server does the encoding and the saving.
 */
import type * as z from 'zod';
import type { endpoints, OperationName } from '../../api/endpoints.js';
import type { WireParams } from '../../api/wire.js';
import type { SandboxData, UserRow } from '../model.js';
import type { Outbox } from '../outbox.js';
import type { SiteUrls } from '../records.js';
import type { SandboxSettings } from '../settings.js';
import type { SandboxStore } from '../store.js';

type Endpoints = typeof endpoints;

import type { ParamsOf } from '../../api/client.js';

export type { ParamsOf };

/** The file the sandbox sends back for `bytes` and `xml` operations. */
export interface FileReply {
  data: Uint8Array;
  contentType: string;
  /** Sent in `Content-Disposition` (bytes only). */
  filename?: string;
}

export type ReplyOf<K extends OperationName> = Endpoints[K]['response'] extends { kind: 'json'; schema: infer S extends z.ZodType }
  ? z.output<S>
  : Endpoints[K]['response'] extends { kind: 'xml' | 'bytes' }
    ? FileReply
    : void;

export interface HandlerContext<K extends OperationName> {
  operation: K;
  params: ParamsOf<K>;
  /** The parameters as sent (after name binding), for the rare rule that depends on the wire form. */
  wire: WireParams;
  caller: UserRow;
  data: SandboxData;
  store: SandboxStore;
  now: Date;
  urls: SiteUrls;
  settings: SandboxSettings;
  outbox: Outbox;
}

export type Handler<K extends OperationName> = (context: HandlerContext<K>) => ReplyOf<K> | Promise<ReplyOf<K>>;

export type HandlerMap<K extends OperationName = OperationName> = { [P in K]: Handler<P> };

/** Typed handler group: the keys are checked against the table and each handler gets its own context type. */
export function defineHandlers<K extends OperationName>(handlers: HandlerMap<K>): HandlerMap<K> {
  return handlers;
}
