/** What other areas may use of a talep's attachments: the list (the card's "More" menu opens it). */
export { filesFor } from './list.js';
