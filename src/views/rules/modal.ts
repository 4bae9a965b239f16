/**
 * The automation-rules modal (`/talep rules`, admins). The help desk cannot list its rules, so the
 * modal lists the ids this workspace's admins registered, each read with GET /Rule/{id}: name, a
 * one-line summary of its conditions and actions, its state when known, and Enable/Disable buttons.
 * Below: an input to register another rule id, and the last changes made from Slack (who, when).
 */
import type { types } from '@slack/bolt';
import { english, type Messages } from '../../i18n/messages.js';
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

function stateText(state: RuleState, m: Messages): string {
  switch (state.source) {
    case 'help-desk':
      return state.enabled ? m.t('rules.enabled') : m.t('rules.disabled');
    case 'slack':
      return `${state.enabled ? m.t('rules.enabled') : m.t('rules.disabled')} ${m.t('rules.setFromSlack', { by: state.by, date: slackDate(state.at) })}`;
    case 'unknown':
      return m.t('rules.stateUnknown');
  }
}

function ruleBlocks(rule: RuleRow, m: Messages): Block[] {
  const id = String(rule.id);
  const remove = button(m.t('rules.removeButton'), RuleIds.remove, id, undefined, {
    confirm: confirm(m.t('rules.removeQuestion'), m.t('rules.removeText', { id }), m.t('rules.removeConfirm'), 'danger', m.t('kit.cancel')),
  });
  if (rule.name === undefined) {
    return [
      section(m.t('rules.unreadable', { id, problem: escapeText(rule.problem ?? m.t('rules.couldNotRead')) })),
      actions(`rule_${rule.id}`, [remove]),
    ];
  }
  const toggles: types.Button[] = [];
  // When the state is unknown both buttons are offered; each is safe to press.
  if (rule.state.enabled !== true) toggles.push(button(m.t('rules.enableButton'), RuleIds.enable, id, 'primary'));
  if (rule.state.enabled !== false) {
    toggles.push(
      button(m.t('rules.disableButton'), RuleIds.disable, id, 'danger', {
        confirm: confirm(
          m.t('rules.disableQuestion'),
          m.t('rules.disableText', { name: escapeText(truncate(rule.name, 100)) }),
          m.t('rules.disableConfirm'),
          'danger',
          m.t('kit.cancel'),
        ),
      }),
    );
  }
  return [
    section(`*${escapeText(truncate(rule.name, 200))}* · #${rule.id}\n${escapeText(truncate(rule.summary ?? '', 600)) || m.t('rules.noClauses')}`),
    context(stateText(rule.state, m), ...(rule.problem ? [`:warning: ${escapeText(rule.problem)}`] : [])),
    actions(`rule_${rule.id}`, [...toggles, remove]),
  ];
}

export function changeLine(change: RuleChangeRow, m: Messages = english): string {
  return m.t('rules.change', { date: slackDate(change.at), by: change.by, change: change.change, id: String(change.ruleId) });
}

export function rulesModal(data: RulesModalData, m: Messages = english): ModalView {
  const blocks: Block[] = [context(m.t('rules.intro'))];
  if (data.banner) blocks.push(section(data.banner));
  if (data.rules.length === 0) blocks.push(section(m.t('rules.none')));
  for (const rule of data.rules.slice(0, MAX_SHOWN_RULES)) blocks.push(divider(), ...ruleBlocks(rule, m));
  if (data.rules.length > MAX_SHOWN_RULES) {
    blocks.push(context(m.t('rules.more', { count: m.number(data.rules.length - MAX_SHOWN_RULES) })));
  }
  blocks.push(divider(), {
    type: 'input',
    block_id: addBlockId(data.inputVersion),
    optional: true,
    label: plain(m.t('rules.addLabel')),
    element: {
      type: 'plain_text_input',
      action_id: RuleIds.addInput,
      placeholder: plain(m.t('rules.addPlaceholder')),
      max_length: 9,
      ...(data.addValue ? { initial_value: data.addValue } : {}),
    },
    hint: plain(m.t('rules.addHint')),
  } satisfies types.InputBlock);
  if (data.changes.length > 0) {
    const lines = data.changes.slice(0, SHOWN_CHANGES).map((change) => changeLine(change, m));
    blocks.push(context(`${m.t('rules.recentChanges')}\n${lines.join('\n')}`));
  }
  return modal({ callback_id: RuleIds.callbackId, title: m.t('rules.title'), submit: m.t('rules.addSubmit'), close: m.t('kit.done'), blocks });
}

export function rulesLoadingView(note?: string, m: Messages = english): ModalView {
  return modal({ title: m.t('rules.title'), close: m.t('kit.close'), blocks: [section(`:hourglass_flowing_sand: ${note ?? m.t('rules.loading')}`)] });
}

/** The help desk refused (403) or reports the caller is not an admin. */
export function rulesAdminsOnlyView(reason?: string, m: Messages = english): ModalView {
  return modal({
    title: m.t('rules.title'),
    close: m.t('kit.close'),
    blocks: [
      section(m.t('rules.adminsOnly')),
      ...(reason ? [context(m.t('rules.helpdeskSays', { reason: escapeText(truncate(reason, 300)) }))] : []),
      context(m.t('rules.askAdmin')),
    ],
  });
}
