/** What other areas may use of talep relations: the relations message (the card's "More" menu opens it). */
export { relationsFor } from './load.js';
