/** What others may use of the account area: telling who a help-desk token belongs to. */
export { identify } from './identify.js';
/** The Home tab, for areas that change what it shows (the notifications area refreshes it when an event touches the person). */
export { publishHome } from './home.js';
