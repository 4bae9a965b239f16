/**
 * Every operation's handler, one group per section of the spec. Typed as a complete `HandlerMap`:
 * a row added to the endpoint table without a handler here is a compile error.
 */
import { assetHandlers } from './assets.js';
import { attachmentHandlers, subscriberHandlers } from './attachments.js';
import { categoryHandlers } from './categories.js';
import { commentHandlers } from './comments.js';
import { companyHandlers } from './companies.js';
import { knowledgeHandlers } from './knowledge.js';
import { talepRelationHandlers } from './talep-relations.js';
import { talepHandlers } from './taleps.js';
import type { HandlerMap } from './types.js';
import { userHandlers } from './users.js';

export const handlers: HandlerMap = {
  ...talepHandlers,
  ...talepRelationHandlers,
  ...attachmentHandlers,
  ...subscriberHandlers,
  ...categoryHandlers,
  ...commentHandlers,
  ...userHandlers,
  ...companyHandlers,
  ...knowledgeHandlers,
  ...assetHandlers,
};
