import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SLASH_COMMAND } from '../../src/app.js';
import { ShortcutIds } from '../../src/commands/message-shortcuts/shortcut-ids.js';
import { REQUIRED_BOT_SCOPES } from '../../src/startup/slack-check.js';

interface Manifest {
  features: {
    slash_commands: { command: string; should_escape: boolean }[];
    shortcuts: { callback_id: string; type: string; name: string }[];
    app_home: { home_tab_enabled: boolean };
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: { interactivity: { is_enabled: boolean }; socket_mode_enabled: boolean; event_subscriptions: { bot_events: string[] } };
}

const manifest = parse(await readFile(new URL('../../manifest.yml', import.meta.url), 'utf8')) as Manifest;

describe('manifest.yml', () => {
  it('declares the slash command the app listens to, with escaped mentions', () => {
    expect(manifest.features.slash_commands).toEqual([expect.objectContaining({ command: SLASH_COMMAND, should_escape: true })]);
  });

  it('declares exactly the shortcuts the app handles', () => {
    const declared = Object.fromEntries(manifest.features.shortcuts.map((s) => [s.callback_id, s.type]));
    expect(declared).toEqual({
      [ShortcutIds.openTalep]: 'message',
      [ShortcutIds.addToTalep]: 'message',
      [ShortcutIds.newTalep]: 'global',
    });
  });

  it('asks for the scopes the features use, with Socket Mode, interactivity and App Home on', () => {
    expect(manifest.oauth_config.scopes.bot).toEqual(
      expect.arrayContaining(['commands', 'chat:write', 'users:read', 'users:read.email', 'files:read', 'files:write', 'im:write']),
    );
    expect(manifest.settings.socket_mode_enabled).toBe(true);
    expect(manifest.settings.interactivity.is_enabled).toBe(true);
    expect(manifest.features.app_home.home_tab_enabled).toBe(true);
    expect(manifest.settings.event_subscriptions.bot_events).toContain('app_home_opened');
  });

  it('asks for exactly the scopes the start-up check requires of the bot token', () => {
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([...REQUIRED_BOT_SCOPES].sort());
  });
});
