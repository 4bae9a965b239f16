/** What others may use of the account area: telling who a help-desk token belongs to. */
export { identify } from './identify.js';
