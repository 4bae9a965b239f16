import { describe, expect, it } from 'vitest';
import { messagesFor } from '../../src/i18n/messages.js';
import { checkView } from '../../src/slack/block-kit-limits.js';
import {
  addBlockId,
  changeLine,
  RuleIds,
  type RuleRow,
  rulesAdminsOnlyView,
  rulesModal,
  SHOWN_CHANGES,
} from '../../src/views/rules/modal.js';
import { longText, many } from './block-kit-fixtures.js';

const json = (value: unknown) => JSON.stringify(value);
type AnyBlock = { block_id?: string; type: string; elements?: { action_id?: string; value?: string }[]; element?: Record<string, unknown> };
const buttonsOf = (blocks: unknown[] | undefined, ruleId: number) =>
  ((blocks as AnyBlock[]).find((block) => block.block_id === `rule_${ruleId}`)?.elements ?? []).map((element) => element.action_id);

const at = new Date('2026-01-05T09:00:00Z');
const enabled: RuleRow = {
  id: 1,
  name: 'Tag printer taleps',
  summary: 'When Subject contains "printer" → AddTag printer',
  state: { enabled: true, source: 'help-desk' },
};

describe('rulesModal', () => {
  it('lists each rule with name, id, summary and state; Disable for an enabled rule', () => {
    const view = rulesModal({ rules: [enabled], changes: [], inputVersion: 0 });
    const text = json(view.blocks);
    expect(text).toContain('Tag printer taleps* · #1');
    expect(text).toContain('When Subject contains \\"printer\\" → AddTag printer');
    expect(text).toContain(':large_green_circle: Enabled');
    expect(buttonsOf(view.blocks, 1)).toEqual([RuleIds.disable, RuleIds.remove]);
    expect(view.callback_id).toBe(RuleIds.callbackId);
  });

  it('offers Enable for a disabled rule and both buttons when the state is unknown', () => {
    const view = rulesModal({
      rules: [
        { ...enabled, id: 2, state: { enabled: false, source: 'help-desk' } },
        { ...enabled, id: 3, state: { source: 'unknown' } },
      ],
      changes: [],
      inputVersion: 0,
    });
    expect(buttonsOf(view.blocks, 2)).toEqual([RuleIds.enable, RuleIds.remove]);
    expect(buttonsOf(view.blocks, 3)).toEqual([RuleIds.enable, RuleIds.disable, RuleIds.remove]);
    expect(json(view.blocks)).toContain('State not reported');
  });

  it('shows a state set from Slack with who set it', () => {
    const view = rulesModal({ rules: [{ ...enabled, state: { enabled: false, source: 'slack', by: 'UADMIN', at } }], changes: [], inputVersion: 0 });
    expect(json(view.blocks)).toContain('set from Slack by <@UADMIN>');
  });

  it('shows a rule that could not be read with its reason and only Remove', () => {
    const view = rulesModal({ rules: [{ id: 9, state: { source: 'unknown' }, problem: 'no rule <9>' }], changes: [], inputVersion: 0 });
    expect(json(view.blocks)).toContain('Rule #9');
    expect(json(view.blocks)).toContain('no rule &lt;9&gt;');
    expect(buttonsOf(view.blocks, 9)).toEqual([RuleIds.remove]);
  });

  it('escapes rule names and summaries', () => {
    const view = rulesModal({ rules: [{ ...enabled, name: '<!channel> & co', summary: 'a < b' }], changes: [], inputVersion: 0 });
    const text = json(view.blocks);
    expect(text).toContain('&lt;!channel&gt; &amp; co');
    expect(text).toContain('a &lt; b');
  });

  it('has the add input (versioned block id, value kept on request) and Add rule as submit', () => {
    const view = rulesModal({ rules: [], changes: [], inputVersion: 3, addValue: '12x' });
    const input = (view.blocks as AnyBlock[]).find((block) => block.block_id === addBlockId(3));
    expect(input?.element).toMatchObject({ action_id: RuleIds.addInput, initial_value: '12x' });
    expect(json(view.submit)).toContain('Add rule');
    expect(json(view.blocks)).toContain('No rules yet');
  });

  it('shows the banner and the last changes, newest first as given, at most SHOWN_CHANGES', () => {
    const changes = Array.from({ length: SHOWN_CHANGES + 2 }, (_, index) => ({
      ruleId: index + 1,
      change: 'disabled' as const,
      by: `U${index}`,
      at,
    }));
    const view = rulesModal({ rules: [enabled], changes, inputVersion: 0, banner: ':white_check_mark: Rule #1 disabled.' });
    const text = json(view.blocks);
    expect(text).toContain('Rule #1 disabled.');
    expect(text).toContain('Recent changes');
    expect(text).toContain(`<@U${SHOWN_CHANGES - 1}>`);
    expect(text).not.toContain(`<@U${SHOWN_CHANGES}>`);
  });
});

describe('changeLine', () => {
  it('says who did what to which rule, with a local date', () => {
    const line = changeLine({ ruleId: 2, change: 'enabled', by: 'UADMIN', at });
    expect(line).toContain('<@UADMIN> enabled rule #2');
    expect(line).toContain(`<!date^${at.getTime() / 1000}^`);
    expect(changeLine({ ruleId: 2, change: 'added', by: 'U', at })).toContain('added to the list');
  });
});

describe('rulesAdminsOnlyView', () => {
  it('explains that rules are for admins and quotes the help desk’s reason, escaped', () => {
    const view = rulesAdminsOnlyView('Admin <only>');
    const text = json(view.blocks);
    expect(text).toContain('admins only');
    expect(text).toContain('Admin &lt;only&gt;');
    expect(view.submit).toBeUndefined();
  });
});

// ── Block Kit limits ───────────────────────────────────────────────────────────────────────────────

describe('Block Kit limits at the largest realistic inputs', () => {
  it('keeps 100 long rules in every state, and 100 changes, within the limits', () => {
    const states = [
      { enabled: true, source: 'help-desk' },
      { enabled: false, source: 'slack', by: 'UADMIN', at },
      { source: 'unknown' },
    ] as const;
    const rules: RuleRow[] = many(100, (i) =>
      i % 7 === 0
        ? { id: 100_000 + i, state: { source: 'unknown' }, problem: longText(2000) }
        : { id: 100_000 + i, name: longText(500), summary: longText(3000), state: states[i % 3]!, ...(i % 5 ? {} : { problem: longText(2000) }) },
    );
    const changes = many(100, (i) => ({ ruleId: 100_000 + i, change: (['added', 'removed', 'enabled', 'disabled'] as const)[i % 4]!, by: 'UADMIN', at }));
    expect(checkView(rulesModal({ rules, changes, banner: longText(5000), addValue: '123456789', inputVersion: 99 }))).toEqual([]);
    expect(checkView(rulesAdminsOnlyView(longText(5000)))).toEqual([]);
    const tr = messagesFor('tr');
    expect(checkView(rulesModal({ rules, changes, banner: longText(5000), addValue: '123456789', inputVersion: 99 }, tr))).toEqual([]);
    expect(checkView(rulesAdminsOnlyView(longText(5000), tr))).toEqual([]);
  });
});

describe('in Turkish', () => {
  it('shows the rules, their state, buttons and changes in Turkish', () => {
    const tr = messagesFor('tr');
    const view = rulesModal(
      { rules: [{ ...enabled, state: { enabled: false, source: 'slack', by: 'UADMIN', at } }], changes: [{ ruleId: 1, change: 'added', by: 'UADMIN', at }], inputVersion: 0 },
      tr,
    );
    const text = json(view);
    expect(view.title.text).toBe('Otomasyon kuralları');
    expect(text).toContain(':white_circle: Devre dışı _(Slack’ten <@UADMIN> ayarladı');
    expect(text).toContain('"text":"Etkinleştir"');
    expect(text).toContain('<@UADMIN> #1 numaralı kuralı listeye ekledi');
    expect(text).toContain('"text":"Vazgeç"');
    expect(json(rulesAdminsOnlyView(undefined, tr))).toContain('yalnızca help desk yöneticileri içindir');
  });
});
