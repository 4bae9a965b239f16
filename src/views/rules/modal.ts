/**
 * The automation-rules modal (`/talep rules`, admins). The help desk cannot list its rules, so the
 * modal lists the ids this workspace's admins registered, each read with GET /Rule/{id}: name, a
 * one-line summary of its conditions and actions, its state when known, and Enable/Disable buttons.
 * Below: an input to register another rule id, and the last changes made from Slack (who, when).
 */
import type { types } from '@slack/bolt';
import {
  actions,
  type Block,
  button,
  confirm,
  context,
  divider,
  escapeText,
  type ModalView,
  modal,
  plain,
  section,
  slackDate,
  truncate,
} from '../kit/blocks.js';

export const RuleIds = {
  callbackId: 'rules_modal',
  /** The add input's block id starts with this; a counter follows so Slack shows it empty after an add. */
  addBlockPrefix: 'rules_add',
  addInput: 'rules_add_id',
  /** value: rule id */
  enable: 'rules_enable',
  disable: 'rules_disable',
  remove: 'rules_remove',
} as const;

/** How many changes from the log the modal shows. */
export const SHOWN_CHANGES = 5;

export type RuleState =
  /** As the help desk reports it in the rule itself. */
  | { enabled: boolean; source: 'help-desk' }
  /** The last enable/disable done from Slack (the rule's XML does not say). */
  | { enabled: boolean; source: 'slack'; by: string; at: Date }
  | { enabled?: undefined; source: 'unknown' };

export interface RuleRow {
  id: number;
  /** Undefined when the rule could not be read; `problem` says why. */
  name?: string;
  /** One line: conditions → actions. */
  summary?: string;
  state: RuleState;
  problem?: string;
}

export interface RuleChangeRow {
  ruleId: number;
  change: 'added' | 'removed' | 'enabled' | 'disabled';
  /** Slack user id. */
  by: string;
  at: Date;
}

export interface RulesModalData {
  rules: RuleRow[];
  changes: RuleChangeRow[];
  /** Shown at the top: the outcome of the last action ("Rule #2 disabled."), already mrkdwn. */
  banner?: string;
  /** Keeps what the admin typed when an add failed. */
  addValue?: string;
  /** Bumped after each successful add so the input comes back empty. */
  inputVersion: number;
}

export const addBlockId = (version: number) => `${RuleIds.addBlockPrefix}_${version}`;

const MAX_SHOWN_RULES = 20; // each rule takes 2–3 blocks; Slack allows 100 in a modal

function stateText(state: RuleState): string {
  switch (state.source) {
    case 'help-desk':
      return state.enabled ? ':large_green_circle: Enabled' : ':white_circle: Disabled';
    case 'slack':
      return `${state.enabled ? ':large_green_circle: Enabled' : ':white_circle: Disabled'} _(set from Slack by <@${state.by}> ${slackDate(state.at)})_`;
    case 'unknown':
      return ':grey_question: State not reported by the help desk';
  }
}

function ruleBlocks(rule: RuleRow): Block[] {
  const id = String(rule.id);
  const remove = button('Remove', RuleIds.remove, id, undefined, {
    confirm: confirm(
      'Remove from the list?',
      `Rule #${rule.id} stays in the help desk exactly as it is; the bot just stops listing it here.`,
      'Remove',
    ),
  });
  if (rule.name === undefined) {
    return [
      section(`*Rule #${rule.id}* — :warning: ${escapeText(rule.problem ?? 'could not be read')}`),
      actions(`rule_${rule.id}`, [remove]),
    ];
  }
  const toggles: types.Button[] = [];
  // When the state is unknown both buttons are offered; each is safe to press.
  if (rule.state.enabled !== true) toggles.push(button('Enable', RuleIds.enable, id, 'primary'));
  if (rule.state.enabled !== false) {
    toggles.push(
      button('Disable', RuleIds.disable, id, 'danger', {
        confirm: confirm('Disable this rule?', `*${escapeText(truncate(rule.name, 100))}* will stop running on new taleps.`, 'Disable'),
      }),
    );
  }
  return [
    section(
      `*${escapeText(truncate(rule.name, 200))}* · #${rule.id}\n${escapeText(truncate(rule.summary ?? '', 600)) || '_no conditions or actions_'}`,
    ),
    context(stateText(rule.state), ...(rule.problem ? [`:warning: ${escapeText(rule.problem)}`] : [])),
    actions(`rule_${rule.id}`, [...toggles, remove]),
  ];
}

const changeVerb: Record<RuleChangeRow['change'], string> = {
  added: 'added to the list',
  removed: 'removed from the list',
  enabled: 'enabled',
  disabled: 'disabled',
};

export function changeLine(change: RuleChangeRow): string {
  return `${slackDate(change.at)} — <@${change.by}> ${changeVerb[change.change]} rule #${change.ruleId}`;
}

export function rulesModal(data: RulesModalData): ModalView {
  const blocks: Block[] = [
    context('The help desk has no list of its automation rules, so this list holds the rule ids admins add here.'),
  ];
  if (data.banner) blocks.push(section(data.banner));
  if (data.rules.length === 0) {
    blocks.push(section('No rules yet. Add one by its id below (the number in the rule’s address in the help desk).'));
  }
  for (const rule of data.rules.slice(0, MAX_SHOWN_RULES)) blocks.push(divider(), ...ruleBlocks(rule));
  if (data.rules.length > MAX_SHOWN_RULES) {
    blocks.push(context(`…and ${data.rules.length - MAX_SHOWN_RULES} more. Remove rules you no longer need to see the rest.`));
  }
  blocks.push(divider(), {
    type: 'input',
    block_id: addBlockId(data.inputVersion),
    optional: true,
    label: plain('Add a rule by id'),
    element: {
      type: 'plain_text_input',
      action_id: RuleIds.addInput,
      placeholder: plain('e.g. 12'),
      max_length: 9,
      ...(data.addValue ? { initial_value: data.addValue } : {}),
    },
    hint: plain('The bot reads the rule first and keeps the id only when the help desk knows it.'),
  } satisfies types.InputBlock);
  if (data.changes.length > 0) {
    blocks.push(context(`*Recent changes*\n${data.changes.slice(0, SHOWN_CHANGES).map(changeLine).join('\n')}`));
  }
  return modal({ callback_id: RuleIds.callbackId, title: 'Automation rules', submit: 'Add rule', close: 'Done', blocks });
}

export function rulesLoadingView(note = 'Reading the rules from the help desk…'): ModalView {
  return modal({ title: 'Automation rules', close: 'Close', blocks: [section(`:hourglass_flowing_sand: ${note}`)] });
}

/** The help desk refused (403) or reports the caller is not an admin. */
export function rulesAdminsOnlyView(reason?: string): ModalView {
  return modal({
    title: 'Automation rules',
    close: 'Close',
    blocks: [
      section(
        ':no_entry: *Automation rules are for help-desk admins only.* ' +
          'The help desk refused to show or change rules for your account: reading, enabling and disabling rules needs admin permission.',
      ),
      ...(reason ? [context(`Help desk: ${escapeText(truncate(reason, 300))}`)] : []),
      context('Ask a help-desk admin to make the change, or to give your account admin permission.'),
    ],
  });
}
