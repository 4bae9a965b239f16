import { readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { SLASH_COMMAND } from '../../src/app.js';
import { ShortcutIds } from '../../src/commands/message-shortcuts/shortcut-ids.js';
import { stepInputs } from '../../src/commands/workflow-steps/inputs.js';
import { StepIds, stepOutputs } from '../../src/commands/workflow-steps/step-ids.js';
import { USER_CONTEXT_TYPE } from '../../src/slack/steps.js';
import { unfurlDomains } from '../../src/slack/unfurl-domains.js';
import { FEATURE_BOT_SCOPES, REQUIRED_BOT_SCOPES } from '../../src/startup/slack-check.js';

interface Parameter {
  type: string;
  title: string;
  is_required: boolean;
  name: string;
}

interface Manifest {
  features: {
    slash_commands: { command: string; should_escape: boolean }[];
    shortcuts: { callback_id: string; type: string; name: string }[];
    app_home: { home_tab_enabled: boolean };
    unfurl_domains: string[];
  };
  oauth_config: { scopes: { bot: string[] } };
  settings: {
    interactivity: { is_enabled: boolean };
    socket_mode_enabled: boolean;
    event_subscriptions: { bot_events: string[] };
    org_deploy_enabled: boolean;
    function_runtime: string;
  };
  functions: Record<string, { title: string; description: string; input_parameters: Record<string, Parameter>; output_parameters: Record<string, Parameter> }>;
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

  it('asks for exactly the scopes the start-up check knows: those it requires, and those of features it warns about', () => {
    expect([...manifest.oauth_config.scopes.bot].sort()).toEqual([...REQUIRED_BOT_SCOPES, ...Object.keys(FEATURE_BOT_SCOPES)].sort());
    expect(Object.keys(FEATURE_BOT_SCOPES).sort()).toEqual(['channels:history', 'groups:history', 'links:read', 'links:write', 'reactions:read', 'reactions:write']);
  });

  it('subscribes to the events of link previews, Work Object panels and workflow steps', () => {
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(['link_shared', 'entity_details_requested', 'function_executed']),
    );
  });

  it('subscribes to the events of thread sync, request channels and the emoji', () => {
    expect(manifest.settings.event_subscriptions.bot_events).toEqual(
      expect.arrayContaining(['message.channels', 'message.groups', 'reaction_added', 'reaction_removed']),
    );
  });

  it('lists as unfurl domains the hosts the bot derives from its talep link template and documentation site', () => {
    const derived = unfurlDomains('https://helpdesk.example.com/Talep/{id}', 'https://docs.example.com/kb');
    expect(derived).toEqual({ domains: ['helpdesk.example.com', 'docs.example.com'], unusable: [] });
    expect(manifest.features.unfurl_domains).toEqual(derived.domains);
  });

  it('declares exactly the workflow steps the app handles, org-ready and run by the bot itself', () => {
    expect(Object.keys(manifest.functions).sort()).toEqual(Object.values(StepIds).sort());
    expect(manifest.settings.org_deploy_enabled).toBe(true);
    expect(manifest.settings.function_runtime).toBe('remote');
  });

  it("gives each step the inputs its listener reads and the outputs it answers, typed, run as Slack's user_context", () => {
    for (const step of Object.values(StepIds)) {
      const definition = manifest.functions[step];
      if (!definition) throw new Error(`manifest.yml has no function ${step}`);
      const inputs = definition.input_parameters;
      expect(Object.keys(inputs).sort(), step).toEqual(Object.keys(stepInputs[step].shape).sort());
      expect(Object.keys(definition.output_parameters).sort(), step).toEqual([...stepOutputs[step]].sort());
      // The person the step acts as: set by Slack from their action, never by the workflow's builder.
      expect(inputs.ran_by, step).toMatchObject({ type: USER_CONTEXT_TYPE, is_required: true });
      for (const [name, parameter] of [...Object.entries(inputs), ...Object.entries(definition.output_parameters)]) {
        expect(parameter.name, `${step}.${name}`).toBe(name);
        expect(parameter.type, `${step}.${name}`).toMatch(/^(string|integer|boolean|slack#\/types\/[a-z_]+)$/);
        expect(typeof parameter.title, `${step}.${name}`).toBe('string');
      }
      // What Workflow Builder may leave empty, the listener must take as absent.
      const optionalInManifest = Object.entries(inputs).filter(([, parameter]) => !parameter.is_required).map(([name]) => name);
      const requiredByListener = Object.entries(stepInputs[step].shape).filter(([, schema]) => !schema.safeParse(undefined).success).map(([name]) => name);
      expect(optionalInManifest.filter((name) => requiredByListener.includes(name)), `${step}: optional in the manifest, required by the listener`).toEqual([]);
      expect(requiredByListener.every((name) => inputs[name]?.is_required), `${step}: the listener's required inputs are required`).toBe(true);
    }
  });
});
