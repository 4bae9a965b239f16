/** The account area's action, callback and block ids. */

export const ConnectIds = {
  callbackId: 'account_connect',
  tokenBlock: 'token',
  tokenInput: 'token_input',
  /** "Sign in with your help-desk user name and password" (when the bot offers it). */
  loginBlock: 'login',
  loginInput: 'login_input',
  passwordBlock: 'password',
  passwordInput: 'password_input',
  tokenPageButton: 'account_token_page',
  disconnectAction: 'account_disconnect',
  /** The App Home's link to the help desk (a link button still sends an action). */
  homeOpenHelpdesk: 'home_open_helpdesk',
} as const;
