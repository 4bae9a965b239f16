/** The App Home tab: the person's link state, Connect or Disconnect, their shortcuts and pending work. Pure. */
import { actions, type Block, button, context, escapeText, type HomeView, header, linkButton, section } from '../kit/blocks.js';
import { CONNECT_ACTION } from '../kit/notices.js';
import { SharedActions } from '../kit/shared-actions.js';
import { ConnectIds } from './ids.js';
import { type LinkedIdentity, roleLabel } from './identity.js';

export interface HomeState {
  identity?: LinkedIdentity;
  /** Why the saved link cannot be used (the kernel's one sentence for it): the tab offers Connect again. */
  linkProblem?: string;
  helpdeskWebUrl: string;
  /** The person's pending work (built by the pending area), shown under the link. */
  pending?: readonly Block[];
  /** The work queue and notification settings (built by the notifications area), shown last. */
  queue?: readonly Block[];
}

export function homeView(state: HomeState): HomeView {
  const blocks: Block[] = [header('Help desk')];
  if (state.identity && !state.linkProblem) {
    blocks.push(
      section(
        `Connected as *${escapeText(state.identity.username)}* — ${roleLabel[state.identity.role]}.`,
        button('Disconnect', ConnectIds.disconnectAction, 'disconnect', 'danger'),
      ),
      actions('home_actions', [
        button('New talep', SharedActions.newTalep, 'new', 'primary'),
        button('My taleps', SharedActions.myTaleps, 'mine'),
        linkButton('Open help desk', state.helpdeskWebUrl, ConnectIds.homeOpenHelpdesk),
      ]),
    );
    blocks.push(...(state.pending ?? []));
    blocks.push(...(state.queue ?? []));
  } else {
    blocks.push(
      section(
        state.linkProblem
          ? `:warning: ${escapeText(state.linkProblem)}`
          : 'Connect your help-desk account to open and work taleps from Slack.',
      ),
      actions('home_connect', [button('Connect help-desk account', CONNECT_ACTION, 'connect', 'primary')]),
    );
  }
  blocks.push(
    context('Type `/talep help` anywhere for every command. Open a talep from any message with the *Open a talep* shortcut.'),
  );
  return { type: 'home', blocks };
}
