/**
 * The playground's workspace is set up from what the app declares (manifest.yml: the slash command and
 * its shortcuts) and from the sandbox's demo accounts: this keeps the two in step.
 */
import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { COMMAND, PEOPLE, SHORTCUTS } from '../../src/playground/seed.js';
import { startSandbox } from '../../src/sandbox/server.js';

interface Manifest {
  features: {
    slash_commands: { command: string; description: string; usage_hint: string }[];
    shortcuts: { callback_id: string; type: 'message' | 'global'; name: string; description: string }[];
  };
}

const manifest = parse(await readFile(new URL('../../manifest.yml', import.meta.url), 'utf8')) as Manifest;

describe('the playground’s seed', () => {
  it('offers the slash command and the shortcuts manifest.yml declares, as it names them', () => {
    const [command] = manifest.features.slash_commands;
    expect(COMMAND).toEqual({ name: command?.command, description: command?.description, usageHint: command?.usage_hint });
    const declared = (type: 'message' | 'global') =>
      manifest.features.shortcuts.filter((s) => s.type === type).map((s) => ({ callbackId: s.callback_id, name: s.name, description: s.description }));
    expect(SHORTCUTS).toEqual({ message: declared('message'), global: declared('global') });
  });

  it('links people to sandbox demo accounts with the same e-mail, and leaves one newcomer unlinked', async () => {
    const sandbox = await startSandbox({ port: 0 });
    try {
      const accounts = new Map(sandbox.demoAccounts().map((account) => [account.username, account.email]));
      for (const person of PEOPLE.filter((p) => p.helpdesk)) expect(accounts.get(person.helpdesk ?? '')).toBe(person.email);
      const unlinked = PEOPLE.filter((p) => !p.helpdesk);
      expect(unlinked).toHaveLength(1);
      expect([...accounts.values()]).not.toContain(unlinked[0]?.email);
    } finally {
      await sandbox.close();
    }
  });
});
