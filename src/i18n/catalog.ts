/**
 * The shape of a catalog in another language: every key of the English one, each a message of its own
 * (a missing key does not compile). Placeholders and Slack's length limits are compared by
 * test/unit/i18n.test.ts.
 */
export type Catalog<T> = { readonly [K in keyof T]: string };
