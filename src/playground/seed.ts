/**
 * The playground's Slack workspace as it starts: the sandbox's demo people (linked to their help-desk
 * accounts by the playground) plus a newcomer without a link, the #helpdesk channel with a few messages
 * to open taleps from, and what the app declares in manifest.yml (its slash command and shortcuts; a
 * unit test keeps these in step with the manifest).
 */
import type { ChannelSeed, Person, Workspace } from './workspace.js';
import type { Snapshot } from './web/protocol.js';

export const TEAM = { id: 'T0PLAYGND', name: 'Acme Lojistik', domain: 'acme-playground' } as const;

export const APP = { name: 'Talep', id: 'A0TALEP', botUserId: 'U0TALEPBOT', botId: 'B0TALEPBOT' } as const;

/** The people of the workspace; `helpdesk` names the sandbox demo account each one is linked to. */
export const PEOPLE: readonly (Person & { helpdesk?: 'user' | 'agent' | 'admin' })[] = [
  { id: 'U0USER', name: 'user', realName: 'Can Öztürk', email: 'user@example.com', timeZone: 'Europe/Istanbul', title: 'Finance', helpdesk: 'user' },
  { id: 'U0AGENT', name: 'agent', realName: 'Mehmet Kaya', email: 'agent@example.com', timeZone: 'Europe/Istanbul', title: 'IT support', helpdesk: 'agent' },
  { id: 'U0ADMIN', name: 'admin', realName: 'Ayla Demir', email: 'admin@example.com', timeZone: 'Europe/Istanbul', title: 'IT lead', helpdesk: 'admin' },
  { id: 'U0NEWCOMER', name: 'newcomer', realName: 'Deniz Yıldız', email: 'newcomer@example.com', timeZone: 'Europe/Berlin', title: 'Joined today' },
];

export const HELPDESK_CHANNEL: ChannelSeed = {
  id: 'C0HELPDESK',
  name: 'helpdesk',
  topic: 'Ask IT for help. Hover a message and open its ⋮ menu to turn it into a talep.',
};

/** What manifest.yml declares (test/unit/playground-seed.test.ts compares the two). */
export const COMMAND: Snapshot['command'] = {
  name: '/talep',
  description: 'Work help-desk taleps (try /talep help)',
  usageHint: 'show 42 · new · mine · search printer · help',
};

export const SHORTCUTS: Snapshot['shortcuts'] = {
  message: [
    { callbackId: 'open_talep', name: 'Open a talep', description: 'Open a help-desk talep from this message' },
    { callbackId: 'add_to_talep', name: 'Add to a talep', description: 'Add this message to a talep as a comment' },
  ],
  global: [{ callbackId: 'new_talep', name: 'New talep', description: 'Open a new help-desk talep' }],
};

const VPN_LOG = [
  '2026-01-05 08:41:07 [vpn] connected to gw-ist-2 (udp/1194)',
  '2026-01-05 08:47:52 [vpn] keepalive timeout, reconnecting',
  '2026-01-05 08:48:03 [vpn] TLS handshake failed: certificate verify failed (gateway-cert expired?)',
  '2026-01-05 08:48:15 [vpn] connected to gw-ist-2 (udp/1194)',
  '',
].join('\n');

/** The channel's first messages, a few minutes to a few hours old. */
export function seedMessages(workspace: Workspace, now = Date.now()): void {
  const [user, agent, admin, newcomer] = PEOPLE.map((person) => person.id) as [string, string, string, string];
  const channel = HELPDESK_CHANNEL.id;
  const minutesAgo = (minutes: number) => workspace.nextTs(now - minutes * 60_000);
  workspace.post({
    channel,
    user: admin,
    ts: minutesAgo(180),
    text:
      'Welcome to #helpdesk :wave: Ask here when something breaks. To turn a message into a talep, open its ⋮ menu and pick ' +
      '*Open a talep*, or type `/talep new`. `/talep help` lists everything else.',
  });
  workspace.post({
    channel,
    user,
    ts: minutesAgo(47),
    text: 'The printer on the 3rd floor is jammed again\nIt ate half of my quarterly report :face_with_rolling_eyes: Can someone take a look?',
  });
  const log = workspace.addFile(newcomer, 'vpn-client.log', 'text/plain', Buffer.from(VPN_LOG));
  const vpn = workspace.post({
    channel,
    user: newcomer,
    ts: minutesAgo(31),
    text: 'Hi all, first day here :sweat_smile: The VPN drops every few minutes on my new laptop. Log attached.',
    files: [log],
  });
  workspace.post({
    channel,
    user: agent,
    ts: minutesAgo(26),
    threadTs: vpn.ts,
    text: `Welcome <@${newcomer}>! Could you open a talep from your message (⋮ → *Open a talep*) so we can track it? You will need to connect your help-desk account first.`,
  });
  workspace.post({
    channel,
    user: agent,
    ts: minutesAgo(9),
    text: 'Heads-up: the core switch maintenance is *tonight 22:00–23:00*; Wi-Fi on floors 2–4 will be down.',
  });
}
