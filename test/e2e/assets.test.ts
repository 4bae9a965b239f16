/**
 * `/talep asset …` end to end: signed Slack requests to the real app, the sandbox help desk behind it
 * (seed: 20 assets, #17-#20 retired), and a fake Slack recording what the bot sent.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { useHarness } from '../support/use-harness.js';
import { AssetFormBlocks, AssetIds, AssetLinkBlocks } from '../../src/views/assets/ids.js';
import { fieldBlockId } from '../../src/views/custom-fields/form.js';
import { elementsOf, json, nextCallAfter, postTo, textValue } from '../support/e2e.js';
import type { SentRequest } from '../support/slack-requests.js';

let dataDir: string;
let dataFile: string;

const h = useHarness(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'talep-assets-'));
  dataFile = join(dataDir, 'sandbox.json');
  return { sandbox: { dataFile } };
});
afterAll(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

type Json = Record<string, unknown>;

/** The first thing posted to a request's response_url (the ephemeral answer). */
const answer = (res: SentRequest, index = 0) => postTo(h, res.responseUrl, `answer #${index} to the response_url`, index);

/** The views.update that landed on `viewId` after `count` earlier ones. */
const viewUpdate = (viewId: string, count = 0) =>
  h.slack.waitFor(() => h.slack.callsTo('views.update').filter((call) => call.args.view_id === viewId)[count], `views.update of ${viewId}`);

const element = (message: Json, actionId: string) => elementsOf(message).find((item) => item.action_id === actionId);

const helpdeskCalls = (operation: string) => h.logs.filter((line) => line.includes(`help-desk`) && line.includes(` ${operation} → `)).length;

/** Asset row of the sandbox's data file (custom-field values have no read operation in the spec). */
async function storedAsset(id: number): Promise<{ customFields: Record<string, string> }> {
  const data = JSON.parse(await readFile(dataFile, 'utf8')) as { assets: { id: number; customFields: Record<string, string> }[] };
  const row = data.assets.find((asset) => asset.id === id);
  if (!row) throw new Error(`asset ${id} not stored`);
  return row;
}

const numberValue = (value: string | null) => ({ value: { type: 'number_input', value } });

describe('search', () => {
  test('by prefix: retired hidden unless `all`, each row with a Show button', async () => {
    const active = await answer(await h.send.slash(h.as('agent'), 'asset dell'));
    const shown = elementsOf(active).filter((item) => item.action_id === AssetIds.show).map((item) => item.value);
    expect(shown).toEqual(['3', '5', '6']);
    expect(active.response_type).toBe('ephemeral');
    expect(json(active)).not.toContain('retired');

    const all = await answer(await h.send.slash(h.as('agent'), 'asset dell all'));
    expect(elementsOf(all).filter((item) => item.action_id === AssetIds.show).map((item) => item.value)).toEqual(['3', '5', '6', '17']);
    expect(json(all)).toContain('Latitude 5420* · Dell · Laptop · :no_entry_sign: retired');
  });

  test('pages of 50 with Next and Previous', async () => {
    const hd = h.helpdeskAs('agent');
    for (let index = 1; index <= 52; index += 1) {
      await hd.createAsset({ modelName: `Pagetest ${String(index).padStart(2, '0')}`, manufacturer: 'Zeta', type: 'Cable', supplier: 'Kablo A.Ş.' });
    }
    const res = await h.send.slash(h.as('agent'), 'asset pagetest');
    const first = await answer(res);
    expect(json(first)).toContain('page 1, 1–50');
    expect(element(first, AssetIds.page)?.text).toMatchObject({ text: 'Next ▶' });
    expect((first.blocks as Json[]).length).toBeLessThanOrEqual(50);

    const next = await h.send.blockAction(h.as('agent'), { action_id: AssetIds.page, value: String(element(first, AssetIds.page)?.value) });
    const second = await answer(next);
    expect(second.replace_original).toBe(true);
    expect(json(second)).toContain('page 2, 51–52');
    const paging = elementsOf(second).filter((item) => item.action_id === AssetIds.page || item.action_id === AssetIds.previousPage);
    expect(paging.map((item) => [item.action_id, (item.text as Json).text])).toEqual([[AssetIds.previousPage, '◀ Previous']]);

    const back = await answer(await h.send.blockAction(h.as('agent'), { action_id: AssetIds.previousPage, value: String(paging[0]?.value) }));
    expect(json(back)).toContain('page 1, 1–50');
  });

  test('a prefix shorter than 3 characters is refused without asking the help desk', async () => {
    const before = helpdeskCalls('assets');
    const reply = await answer(await h.send.slash(h.as('agent'), 'asset HP'));
    expect(String(reply.text)).toContain('at least 3 characters');
    expect(String(reply.text)).toContain('Usage: `/talep asset');
    expect(helpdeskCalls('assets')).toBe(before);
  });

  test('the picker searches as you type (3+ characters), retired marked', async () => {
    const res = await h.send.blockSuggestion(h.as('agent'), 'asset_picker', 'cisco');
    const options = (res.body as { options: { text: { text: string }; value: string }[] }).options;
    expect(options.map((choice) => choice.value)).toEqual(['13', '19']);
    expect(options[1]?.text.text).toContain('(retired)');
    const byId = (await h.send.blockSuggestion(h.as('agent'), 'asset_picker', '#7')).body as { options: { value: string }[] };
    expect(byId.options.map((choice) => choice.value)).toEqual(['7']);
    const short = (await h.send.blockSuggestion(h.as('agent'), 'asset_picker', 'ci')).body as { options: unknown[] };
    expect(short.options).toEqual([]);
    const stranger = (await h.send.blockSuggestion(h.as('stranger'), 'asset_picker', 'cisco')).body as { options: unknown[] };
    expect(stranger.options).toEqual([]);
  });
});

describe('the card', () => {
  test('show: every field, company, assigned users, buttons', async () => {
    const card = await answer(await h.send.slash(h.as('agent'), 'asset show 1'));
    const body = json(card);
    for (const value of ['Asset #1', 'ThinkPad T14 Gen 4', 'Lenovo', 'Laptop', 'Bilişim Tedarik Ltd.', 'PF-4T14-0001', 'Istanbul, floor 3', 'Acme Lojistik', 'user@example.com']) {
      expect(body).toContain(value);
    }
    expect(element(card, AssetIds.unassign)?.value).toBe('1:4');
    expect(element(card, AssetIds.retire)?.confirm).toBeDefined();
    expect(element(card, AssetIds.assign)?.type).toBe('users_select');
  });

  test('a missing asset is named', async () => {
    const reply = await answer(await h.send.slash(h.as('agent'), 'asset show 999'));
    expect(reply.text).toBe(':mag: Asset #999 was not found.');
  });

  test('assign to a Slack user and unassign, re-rendering the card in place', async () => {
    const assign = await h.send.blockAction(h.as('agent'), {
      action_id: AssetIds.assign, type: 'users_select', selected_user: 'UAGENT2', block_id: 'asset_assign:10',
    });
    const assigned = await answer(assign);
    expect(assigned.replace_original).toBe(true);
    expect(json(assigned)).toContain('Assigned to <@UAGENT2> (agent2)');
    expect(element(assigned, AssetIds.unassign)?.value).toBe('10:3');
    expect((await h.helpdeskAs('agent').getAsset({ id: 10 })).AssignedUsers?.map((user) => user.UserID)).toEqual([3]);

    const unassigned = await answer(await h.send.blockAction(h.as('agent'), { action_id: AssetIds.unassign, value: '10:3' }));
    expect(unassigned.replace_original).toBe(true);
    expect(json(unassigned)).toContain('Not assigned to anyone.');
    expect((await h.helpdeskAs('agent').getAsset({ id: 10 })).AssignedUsers).toEqual([]);
  });

  test('a Slack user unknown to the help desk is explained', async () => {
    const reply = await answer(await h.send.blockAction(h.as('agent'), {
      action_id: AssetIds.assign, type: 'users_select', selected_user: 'USTRANGER', block_id: 'asset_assign:10',
    }));
    expect(reply.text).toContain('No help-desk user has <@USTRANGER>');
    expect((await h.helpdeskAs('agent').getAsset({ id: 10 })).AssignedUsers).toEqual([]);
  });

  test('retire and restore (confirmed buttons) change the help desk and the card', async () => {
    const retired = await answer(await h.send.blockAction(h.as('agent'), { action_id: AssetIds.retire, value: '14' }));
    expect(retired.replace_original).toBe(true);
    expect(json(retired)).toContain(':no_entry_sign: retired');
    expect(element(retired, AssetIds.restore)?.confirm).toBeDefined();
    expect(element(retired, AssetIds.assign)).toBeUndefined();
    expect((await h.helpdeskAs('agent').getAsset({ id: 14 })).Disabled).toBe(true);
    const list = await answer(await h.send.slash(h.as('agent'), 'asset ubiquiti'));
    expect(json(list)).toContain('No assets');

    const restored = await answer(await h.send.blockAction(h.as('agent'), { action_id: AssetIds.restore, value: '14' }));
    expect(json(restored)).toContain('Restored');
    expect(element(restored, AssetIds.retire)).toBeDefined();
    expect((await h.helpdeskAs('agent').getAsset({ id: 14 })).Disabled).toBe(false);
  });
});

describe('create and edit', () => {
  test('an agent creates an asset: inline errors first, then the card in the channel', async () => {
    const open = await nextCallAfter(h, 'views.open', () => h.send.slash(h.as('agent'), 'asset new'));
    const view = open.args.view as Json;
    expect(view.callback_id).toBe(AssetIds.formCallback);
    const metadata = String(view.private_metadata);

    const invalid = await h.send.viewSubmission(h.as('agent'), {
      callback_id: AssetIds.formCallback, private_metadata: metadata,
      values: { [AssetFormBlocks.modelName]: textValue('Zbook'), [AssetFormBlocks.quantity]: numberValue('-1') },
    });
    expect(invalid.body).toMatchObject({
      response_action: 'errors',
      errors: { [AssetFormBlocks.manufacturer]: expect.any(String), [AssetFormBlocks.supplier]: expect.any(String), [AssetFormBlocks.quantity]: expect.any(String) },
    });

    const card = await nextCallAfter(h, 'chat.postEphemeral', () =>
      h.send.viewSubmission(h.as('agent'), {
        id: 'V-new', callback_id: AssetIds.formCallback, private_metadata: metadata,
        values: {
          [AssetFormBlocks.modelName]: textValue('ZBook Firefly 14'),
          [AssetFormBlocks.manufacturer]: textValue('HP'),
          [AssetFormBlocks.type]: textValue('Laptop'),
          [AssetFormBlocks.supplier]: textValue('Bilişim Tedarik Ltd.'),
          [AssetFormBlocks.serialNumber]: textValue('5CG-ZB14-001'),
          [AssetFormBlocks.location]: textValue('Ankara office'),
          [AssetFormBlocks.comments]: textValue('For the new hire'),
          [AssetFormBlocks.quantity]: numberValue('2'),
          [AssetFormBlocks.companyId]: numberValue('2'),
        },
      }),
    );
    expect(card.args).toMatchObject({ channel: 'C1', user: 'UAGENT' });
    expect(json(card.args.blocks)).toContain('ZBook Firefly 14');
    const [created] = await h.helpdeskAs('agent').assets({ nameprefix: 'ZBook' });
    expect(created).toMatchObject({ Manufacturer: 'HP', Type: 'Laptop', SerialNumber: '5CG-ZB14-001', Location: 'Ankara office', Quantity: 2, CompanyID: 2 });
    const done = await viewUpdate('V-new');
    expect(json(done.args.view)).toContain(`Created Asset #${created?.ItemID}`);
  });

  test('an admin picks the company from the list (loaded after the modal opened)', async () => {
    const open = await nextCallAfter(h, 'views.open', () => h.send.slash(h.as('admin'), 'asset new'));
    expect(json(open.args.view)).toContain('Loading');
    const update = await h.slack.waitFor(() =>
      h.slack.callsTo('views.update').find((call) => (call.args.view as Json).callback_id === AssetIds.formCallback && json(call.args.view).includes('Boğaziçi')),
    );
    expect(json(update.args.view)).toContain('"type":"static_select"');
    expect(json(update.args.view)).toContain('Boğaziçi Yazılım');
  });

  test('edit from the card: prefilled, only changed fields sent, the card replaced in place', async () => {
    const click = await h.send.blockAction(h.as('agent'), { action_id: AssetIds.edit, value: '2' });
    const opened = await h.slack.waitFor(() => h.slack.callsTo('views.open').find((call) => json(call.args.view).includes('Edit asset #2')));
    expect(json(opened.args.view)).toContain('Loading');
    const formCall = await h.slack.waitFor(() =>
      h.slack.callsTo('views.update').find((call) => (call.args.view as Json).callback_id === AssetIds.formCallback && json(call.args.view).includes('PF-4T14-0002')),
    );
    const form = formCall.args.view as Json;
    expect(json(form)).toContain('"initial_value":"ThinkPad T14 Gen 4"');
    expect(json(form)).toContain('"initial_value":"Istanbul, floor 2"');

    // Someone renames the model meanwhile; this form does not touch it, so it must not undo that.
    await h.helpdeskAs('agent2').updateAsset({ id: 2, modelName: 'ThinkPad T14 Gen 5' });
    const values = {
      [AssetFormBlocks.modelName]: textValue('ThinkPad T14 Gen 4'),
      [AssetFormBlocks.manufacturer]: textValue('Lenovo'),
      [AssetFormBlocks.type]: textValue('Laptop'),
      [AssetFormBlocks.supplier]: textValue('Bilişim Tedarik Ltd.'),
      [AssetFormBlocks.serialNumber]: textValue('PF-4T14-0002'),
      [AssetFormBlocks.location]: textValue('Istanbul, floor 5'),
      [AssetFormBlocks.comments]: textValue(null),
      [AssetFormBlocks.quantity]: numberValue('1'),
      [AssetFormBlocks.companyId]: numberValue('1'),
    };
    await h.send.viewSubmission(h.as('agent'), { id: 'V-edit', callback_id: AssetIds.formCallback, private_metadata: String(form.private_metadata), values });
    const replaced = await answer(click);
    expect(replaced.replace_original).toBe(true);
    expect(json(replaced)).toContain('Istanbul, floor 5');
    const asset = await h.helpdeskAs('agent').getAsset({ id: 2 });
    expect(asset).toMatchObject({ Location: 'Istanbul, floor 5', ModelName: 'ThinkPad T14 Gen 5', SerialNumber: 'PF-4T14-0002' });
  });

  test('a refused save keeps the form and the values, with the reason', async () => {
    const open = await nextCallAfter(h, 'views.open', () => h.send.slash(h.as('agent'), 'asset edit 11'));
    expect(json(open.args.view)).toContain('Loading');
    const formCall = await h.slack.waitFor(() =>
      h.slack.callsTo('views.update').find((call) => (call.args.view as Json).callback_id === AssetIds.formCallback && json(call.args.view).includes('F2L-IP15-7781')),
    );
    await h.send.viewSubmission(h.as('agent'), {
      id: 'V-refused', callback_id: AssetIds.formCallback, private_metadata: String((formCall.args.view as Json).private_metadata),
      values: { [AssetFormBlocks.modelName]: textValue('iPhone 15'), [AssetFormBlocks.manufacturer]: textValue('Apple'), [AssetFormBlocks.type]: textValue('Phone'), [AssetFormBlocks.companyId]: numberValue('99') },
    });
    const again = await viewUpdate('V-refused');
    const view = again.args.view as Json;
    expect(view.callback_id).toBe(AssetIds.formCallback);
    expect(json(view)).toContain(':warning:');
    expect(json(view)).toContain('"initial_value":"99"');
  });
});

describe('taleps', () => {
  test('link and unlink by command (talepID), checked with assignedToTalepId', async () => {
    const linked = await answer(await h.send.slash(h.as('agent'), 'asset link 15 3'));
    expect(linked.text).toContain('Asset #15 is now a related asset of Talep #3');
    expect((await h.helpdeskAs('agent').assets({ assignedToTalepId: 3 })).map((asset) => asset.ItemID)).toEqual([15]);

    const unlinked = await answer(await h.send.slash(h.as('agent'), 'asset unlink 15 3'));
    expect(unlinked.text).toContain('no longer related');
    expect(await h.helpdeskAs('agent').assets({ assignedToTalepId: 3 })).toEqual([]);

    const missing = await answer(await h.send.slash(h.as('agent'), 'asset link 15 999'));
    expect(missing.text).toContain('999');
  });

  test('the card\'s Link to talep modal: asset preset, talep typed', async () => {
    const open = await nextCallAfter(h, 'views.open', () => h.send.blockAction(h.as('agent'), { action_id: AssetIds.link, value: '16' }));
    const view = open.args.view as Json;
    expect(view.callback_id).toBe(AssetIds.linkCallback);
    expect(json(view)).toContain('"min_query_length":3');

    const invalid = await h.send.viewSubmission(h.as('agent'), {
      callback_id: AssetIds.linkCallback, private_metadata: String(view.private_metadata),
      values: { [AssetLinkBlocks.asset]: { asset_picker: { type: 'external_select', selected_option: { text: { type: 'plain_text', text: 'Asset #16' }, value: '16' } } }, [AssetLinkBlocks.talep]: numberValue('') },
    });
    expect(invalid.body).toMatchObject({ response_action: 'errors', errors: { [AssetLinkBlocks.talep]: expect.any(String) } });

    await h.send.viewSubmission(h.as('agent'), {
      id: 'V-link', callback_id: AssetIds.linkCallback, private_metadata: String(view.private_metadata),
      values: { [AssetLinkBlocks.asset]: { asset_picker: { type: 'external_select', selected_option: { text: { type: 'plain_text', text: 'Asset #16' }, value: '16' } } }, [AssetLinkBlocks.talep]: numberValue('5') },
    });
    const done = await viewUpdate('V-link');
    expect(json(done.args.view)).toContain('Asset #16 is now a related asset of Talep #5');
    expect((await h.helpdeskAs('agent').assets({ assignedToTalepId: 5 })).map((asset) => asset.ItemID)).toEqual([16]);
  });

  test('picking an asset on a talep card relates it to that talep', async () => {
    const reply = await answer(await h.send.blockAction(h.as('agent'), {
      action_id: 'asset_picker', type: 'external_select', block_id: 'asset_picker_talep:8',
      selected_option: { text: { type: 'plain_text', text: '#14' }, value: '14' },
    }));
    expect(reply.text).toContain('Asset #14 is now a related asset of Talep #8');
    expect((await h.helpdeskAs('agent').assets({ assignedToTalepId: 8 })).map((asset) => asset.ItemID)).toEqual([14]);
  });
});

describe('custom fields', () => {
  async function openFields(assetId: number) {
    await h.send.blockAction(h.as('agent'), { action_id: AssetIds.fields, value: String(assetId) });
    const call = await h.slack.waitFor(() =>
      h.slack.callsTo('views.update').find((update) => (update.args.view as Json).callback_id === AssetIds.fieldsCallback && json(update.args.view).includes(`Asset #${assetId}`)),
    );
    return call.args.view as Json;
  }

  test('the form renders the asset fields by type and saves the filled-in ones', async () => {
    const view = await openFields(12);
    const body = json(view);
    for (const name of ['Asset tag', 'Warranty until', 'Condition', 'Encrypted disk', 'Maintenance notes']) expect(body).toContain(name);
    expect(body).toContain('"type":"datepicker"');

    await h.send.viewSubmission(h.as('agent'), {
      id: 'V-cf', callback_id: AssetIds.fieldsCallback, private_metadata: String(view.private_metadata),
      values: {
        [fieldBlockId(6)]: textValue('IT-0012'),
        [fieldBlockId(7)]: { value: { type: 'datepicker', selected_date: '2027-03-31' } },
        [fieldBlockId(8)]: textValue('5'),
        [fieldBlockId(9)]: { value: { type: 'static_select', selected_option: { text: { type: 'plain_text', text: 'No' }, value: 'false' } } },
        [fieldBlockId(10)]: textValue(null),
      },
    });
    const done = await viewUpdate('V-cf');
    expect(json(done.args.view)).toContain('Saved *Asset tag*, *Warranty until*, *Condition*, *Encrypted disk*');
    expect((await storedAsset(12)).customFields).toEqual({ '6': 'IT-0012', '7': '2027-03-31', '8': '5', '9': 'false' });
  });

  test('a value the help desk refuses comes back in the form with the reason; the others are saved', async () => {
    const view = await openFields(13);
    await h.send.viewSubmission(h.as('agent'), {
      id: 'V-cf-bad', callback_id: AssetIds.fieldsCallback, private_metadata: String(view.private_metadata),
      values: { [fieldBlockId(6)]: textValue('NET-13'), [fieldBlockId(8)]: textValue('77') },
    });
    const again = await viewUpdate('V-cf-bad');
    const form = again.args.view as Json;
    expect(form.callback_id).toBe(AssetIds.fieldsCallback);
    expect(json(form)).toContain('Saved Asset tag, but not Condition');
    expect(json(form)).toContain('option id');
    expect(json(form)).toContain('"initial_value":"77"');
    expect((await storedAsset(13)).customFields).toEqual({ '6': 'NET-13' });
  });
});

describe('permissions', () => {
  test('a regular user is told that assets need agent permission', async () => {
    const list = await answer(await h.send.slash(h.as('user'), 'asset dell'));
    expect(list.text).toMatch(/^:no_entry: The help desk refused: this needs help-desk \*agent\* \(Temsilci\) permission\.$/i);
    const show = await answer(await h.send.slash(h.as('user'), 'asset show 1'));
    expect(show.text).toContain('*agent* (Temsilci) permission');
    const link = await answer(await h.send.slash(h.as('user'), 'asset link 1 1'));
    expect(link.text).toContain('*agent* (Temsilci) permission');
    const retire = await answer(await h.send.blockAction(h.as('user'), { action_id: AssetIds.retire, value: '1' }));
    expect(retire.text).toContain('*agent* (Temsilci) permission');
    expect((await h.helpdeskAs('agent').getAsset({ id: 1 })).Disabled).toBe(false);
  });

  test('a regular user gets no form to fill in', async () => {
    const opens = h.slack.callsTo('views.open').length;
    const reply = await answer(await h.send.slash(h.as('user'), 'asset new'));
    expect(reply.text).toContain('needs help-desk *agent* (Temsilci) permission');
    expect(h.slack.callsTo('views.open').length).toBe(opens);
  });

  test('an unlinked user is offered the Connect button', async () => {
    const reply = await answer(await h.send.slash(h.as('stranger'), 'asset dell'));
    expect(json(reply)).toContain('account_connect_open');
  });
});
