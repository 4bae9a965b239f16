/**
 * Prepared once per benchmark: the simulated people. A template sandbox data file with the bench users
 * (created through the admin API, agents given every category), and a template bot store where each
 * one's Slack user is linked to their help-desk account the way the e2e harness links them (token →
 * `identify` → `accounts.link`). Every process under test starts from fresh copies of both.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { basic, bearer } from '../../src/api/auth.js';
import { HelpdeskClient } from '../../src/api/client.js';
import { identify } from '../../src/commands/account/public.js';
import { startSandbox } from '../../src/sandbox/server.js';
import { openStores } from '../../src/store/index.js';

export const TEAM_ID = 'T1';
const PASSWORD = 'demo';
/** The sandbox seed's categories: 1 Hardware … 5 Internal Maintenance. */
const CATEGORY_IDS = [1, 2, 3, 4, 5];

export interface BenchUser {
  slackUserId: string;
  username: string;
  email: string;
  agent: boolean;
}

export interface Fixture {
  /** Everything the benchmark writes lives under here. */
  root: string;
  sandboxDataFile: string;
  /** Fixed, so tokens are the same in every copy of the sandbox. */
  sharedSecret: string;
  botDataDir: string;
  encryptionKeyHex: string;
  /** 50 people opening forms: the first 10 agents, the rest regular users. */
  formUsers: BenchUser[];
  /** 20 agents flooding the queue. */
  queueUsers: BenchUser[];
  /** The seed's agent (agent in every category), for the card actions on talep 2. */
  agent: BenchUser;
  /** Everyone above (the Slack stand-in knows them all). */
  everyone: BenchUser[];
}

const pad = (n: number) => String(n).padStart(2, '0');

function benchUsers(prefix: string, count: number, agents: number): BenchUser[] {
  return Array.from({ length: count }, (_, i) => ({
    slackUserId: `U${prefix.toUpperCase()}${pad(i + 1)}`,
    username: `${prefix}${pad(i + 1)}`,
    email: `${prefix}${pad(i + 1)}@bench.example.com`,
    agent: i < agents,
  }));
}

export async function prepareFixture(root: string, sizes: { formUsers: number; queueUsers: number }): Promise<Fixture> {
  const sandboxDir = join(root, 'template-sandbox');
  const botDataDir = join(root, 'template-bot');
  await mkdir(sandboxDir, { recursive: true });
  await mkdir(botDataDir, { recursive: true });
  const sharedSecret = randomBytes(16).toString('hex');
  const encryptionKey = randomBytes(32);
  const formUsers = benchUsers('f', sizes.formUsers, Math.min(10, sizes.formUsers));
  const queueUsers = benchUsers('q', sizes.queueUsers, sizes.queueUsers);
  const agent: BenchUser = { slackUserId: 'UAGENT', username: 'agent', email: 'agent@example.com', agent: true };
  const created = [...formUsers, ...queueUsers];

  const sandboxDataFile = join(sandboxDir, 'sandbox.json');
  const sandbox = await startSandbox({ port: 0, dataFile: sandboxDataFile, settings: { SharedSecret: sharedSecret, DisableRateLimit: true } });
  const helpdesk = new HelpdeskClient({ baseUrl: sandbox.baseUrl, throttle: { enabled: false }, cache: false });
  try {
    const admin = helpdesk.withCredential(basic('admin', PASSWORD));
    for (const user of created) {
      const { userId } = await admin.createUser({
        email: user.email,
        username: user.username,
        password: PASSWORD,
        firstName: user.agent ? 'Agent' : 'User',
        lastName: user.username.toUpperCase(),
      });
      if (user.agent) {
        for (const categoryId of CATEGORY_IDS) await admin.addCategoryTechPermission({ userId, categoryId });
      }
    }
    const stores = await openStores(botDataDir, encryptionKey);
    for (const user of [...created, agent]) {
      const token = sandbox.tokenFor(user.username);
      const identity = await identify(helpdesk.withCredential(bearer(token)));
      await stores.accounts.link(TEAM_ID, user.slackUserId, token, identity);
    }
  } finally {
    await helpdesk.close();
    await sandbox.close();
  }
  return {
    root,
    sandboxDataFile,
    sharedSecret,
    botDataDir,
    encryptionKeyHex: encryptionKey.toString('hex'),
    formUsers,
    queueUsers,
    agent,
    everyone: [...created, agent],
  };
}
