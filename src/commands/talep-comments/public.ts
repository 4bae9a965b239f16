/** What other areas may use of a talep's comments: the list (the card's "More → All comments" opens it). */
export { commentsListFor } from './list.js';
