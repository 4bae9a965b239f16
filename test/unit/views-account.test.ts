import { describe, expect, it } from 'vitest';
import { connectCheckingView, connectedMessage } from '../../src/views/account/connect.js';
import { disconnectedMessage } from '../../src/views/account/messages.js';
import { english } from '../../src/i18n/messages.js';
import { linkProblemText } from '../../src/slack/failures.js';
import { connectedView, connectModal } from '../../src/views/account/connect.js';
import { homeView } from '../../src/views/account/home.js';
import { ConnectIds } from '../../src/views/account/ids.js';
import { whoamiMessage } from '../../src/views/account/messages.js';
import { CONNECT_ACTION } from '../../src/views/kit/notices.js';
import { SharedActions } from '../../src/views/kit/shared-actions.js';
import { checkMessage, checkView } from '../../src/slack/block-kit-limits.js';
import { longText } from './block-kit-fixtures.js';

const json = (value: unknown) => JSON.stringify(value);

describe('connect modal', () => {
  it('links the token page, asks for the token in one input, and keeps the metadata', () => {
    const view = connectModal('https://hd.example.com/User/Token/', '{"channelId":"C1"}');
    expect(view.callback_id).toBe(ConnectIds.callbackId);
    expect(view.private_metadata).toBe('{"channelId":"C1"}');
    expect(json(view)).toContain('<https://hd.example.com/User/Token/|your token page>');
    const input = view.blocks.find((block) => block.type === 'input');
    expect(input).toMatchObject({ block_id: ConnectIds.tokenBlock, element: { action_id: ConnectIds.tokenInput, type: 'plain_text_input' } });
    expect(json(view)).not.toContain('initial_value');
  });

  it('shows a problem escaped, above the input', () => {
    const view = connectModal('https://hd/', '{}', 'Token <refused> & gone');
    expect(json(view.blocks[1])).toContain('Token &lt;refused&gt; &amp; gone');
  });

  it('names the linked user and role', () => {
    expect(json(connectedView({ username: 'ayşe', email: 'a@example.com', role: 'agent' }))).toContain('Connected as *ayşe* (a@example.com), role *Agent (Temsilci)*');
  });
});

describe('whoami', () => {
  it('shows the identity and when it was linked', () => {
    const message = whoamiMessage({ username: 'admin', email: 'admin@example.com', role: 'admin', linkedAt: new Date('2026-01-02T03:04:05Z') });
    expect(message.text).toBe('You are admin in the help desk (Admin).');
    expect(json(message.blocks)).toContain('<!date^1767323045^');
  });
});

describe('App Home', () => {
  it('offers Connect to unlinked and rejected users', () => {
    expect(json(homeView({ helpdeskWebUrl: 'https://hd' }))).toContain(CONNECT_ACTION);
    // The kernel's one sentence for a refused saved token.
    const rejected = json(
      homeView({ identity: { username: 'u', email: 'u@x', role: 'user' }, linkProblem: linkProblemText('rejected', english), helpdeskWebUrl: 'https://hd' }),
    );
    expect(rejected).toContain('refused your saved token');
    expect(rejected).toContain(CONNECT_ACTION);
    expect(rejected).not.toContain(ConnectIds.disconnectAction);
  });

  it('gives linked users their shortcuts and a link to the help desk', () => {
    const view = json(homeView({ identity: { username: 'agent', email: 'a@x', role: 'agent' }, helpdeskWebUrl: 'https://hd.example.com' }));
    expect(view).toContain(SharedActions.newTalep);
    expect(view).toContain(SharedActions.myTaleps);
    expect(view).toContain(ConnectIds.disconnectAction);
    expect(view).toContain('"url":"https://hd.example.com"');
    expect(view).not.toContain(CONNECT_ACTION);
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  const identity = { username: longText(300), email: `${'x'.repeat(200)}@example.com`, role: 'admin' as const };

  it('keeps the connect form, its states and the messages within the limits', () => {
    expect(checkView(connectModal(`https://hd.example.com/helpdesk/User/Token/?${'x'.repeat(1000)}`, 'x'.repeat(3000), longText(5000)))).toEqual([]);
    expect(checkView(connectCheckingView())).toEqual([]);
    expect(checkView(connectedView(identity))).toEqual([]);
    expect(checkMessage(connectedMessage(identity))).toEqual([]);
    expect(checkMessage(whoamiMessage({ ...identity, linkedAt: new Date(0) }))).toEqual([]);
    for (const wasLinked of [true, false]) expect(checkMessage(disconnectedMessage(wasLinked))).toEqual([]);
  });

  it('keeps the Home tab within the limits, linked, refused and not linked', () => {
    const helpdeskWebUrl = `https://hd.example.com/helpdesk/${'x'.repeat(1000)}`;
    expect(checkView(homeView({ identity, helpdeskWebUrl }))).toEqual([]);
    expect(checkView(homeView({ identity, linkProblem: linkProblemText('rejected', english), helpdeskWebUrl }))).toEqual([]);
    expect(checkView(homeView({ helpdeskWebUrl }))).toEqual([]);
  });
});
