/** What other areas may use of search: the quoting-aware tokenizer of its query language. */
export { type Token, tokenize } from './query.js';
