/** The help-desk client's public surface. Usable on its own, without Slack. */
export { applicationRoot, basic, bearer, type Credential, credentialId } from './auth.js';
export { AuthGuard, type AuthGuardOptions, type AuthOutcome, type AuthVerdict } from './auth-guard.js';
export {
  type CallLog,
  type CallOptions,
  type Download,
  HelpdeskClient,
  type HelpdeskClientOptions,
  type ParamsOf,
  type ResultOf,
  unknownOutcomeParams,
} from './client.js';
export { type ConnectionSchedulerOptions, type Lane } from './connection-scheduler.js';
export {
  type Effect,
  type EndpointDef,
  endpoints,
  isIdempotent,
  type OperationName,
  operationNames,
  type Permission,
  type RateBudget,
} from './endpoints.js';
export { HelpdeskError, type HelpdeskErrorKind, helpdeskErrorKinds, isHelpdeskError } from './errors.js';
export { type GuardMemory, type GuardSnapshot, guardSnapshotSchema } from './guard-memory.js';
export { type AutomationRuleSummary, parseRuleXml, type RuleClause, summarizeRule } from './rules.js';
export type * from './schemas.js';
export { type ResponseStyle, responseStyles } from './shapes.js';
export { defaultTalepUrlTemplate, type TalepLinkable, talepIdFromUrl, talepUrl, talepUrlTemplate } from '../domain/talep-link.js';
export { CustomFieldType, CustomFieldUsage } from './schemas.js';
export { type Priority, Throttle, type ThrottleOptions } from './throttle.js';
export type { FileUpload } from './wire.js';
