/** The App Home tab: the person's link state, Connect or Disconnect, their shortcuts and pending work. Pure. */
import { actions, type Block, button, context, escapeText, type HomeView, header, linkButton, section } from '../kit/blocks.js';
import { CONNECT_ACTION } from '../kit/notices.js';
import { SharedActions } from '../kit/shared-actions.js';
import { ConnectIds } from './ids.js';
import { english, type Messages } from '../../i18n/messages.js';
import type { LinkedIdentity } from './identity.js';
import { roleName } from './messages.js';

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

export function homeView(state: HomeState, m: Messages = english): HomeView {
  const blocks: Block[] = [header(m.t('home.header'))];
  if (state.identity && !state.linkProblem) {
    blocks.push(
      section(
        m.t('home.connectedAs', { username: escapeText(state.identity.username), role: roleName(state.identity.role, m) }),
        button(m.t('home.disconnectButton'), ConnectIds.disconnectAction, 'disconnect', 'danger'),
      ),
      actions('home_actions', [
        button(m.t('home.newTalepButton'), SharedActions.newTalep, 'new', 'primary'),
        button(m.t('home.myTalepsButton'), SharedActions.myTaleps, 'mine'),
        linkButton(m.t('home.openButton'), state.helpdeskWebUrl, ConnectIds.homeOpenHelpdesk),
      ]),
    );
    blocks.push(...(state.pending ?? []));
    blocks.push(...(state.queue ?? []));
  } else {
    blocks.push(
      section(
        state.linkProblem
          ? `:warning: ${escapeText(state.linkProblem)}`
          : m.t('home.connectIntro'),
      ),
      actions('home_connect', [button(m.t('home.connectButton'), CONNECT_ACTION, 'connect', 'primary')]),
    );
  }
  blocks.push(context(m.t('home.footer')));
  return { type: 'home', blocks };
}
