/**
 * The asset card: every field of an asset, who has it, and what can be done with it (edit, link to a
 * talep, custom fields, retire / restore, assign). Pure: data → Block Kit JSON.
 */
import type { types } from '@slack/bolt';
import type { Asset, UserListItem } from '../../api/schemas.js';
import { english, type Messages } from '../../i18n/messages.js';
import { actions, type Block, button, confirm, context, escapeText, fields, plain, section, type SlackMessage, truncate } from '../kit/blocks.js';
import { assetAssignBlockId, AssetIds, assetUserValue } from './ids.js';
import { assetTitle, companyName, orDash, retiredMark } from './names.js';

/** How many assigned users get their own row (with an Unassign button); the rest are listed as text. */
const MAX_USER_ROWS = 15;

const personName = (user: UserListItem): string => {
  const name = [user.FirstName, user.LastName].filter((part): part is string => Boolean(part?.trim())).join(' ');
  return name ? `${name} (${user.Username})` : user.Username;
};

function personText(user: UserListItem): string {
  return `:bust_in_silhouette: *${escapeText(personName(user))}*${user.Email ? ` · ${escapeText(user.Email)}` : ''}`;
}

export interface AssetCardOptions {
  /** One line about what just happened ("Assigned to …"), already mrkdwn. */
  notice?: string;
}

/**
 * Every field of the asset, who has it, and what can be done with it. `Disabled` and `AssignedUsers`
 * are not promised by the spec: when the help desk leaves them out the card says it does not know
 * instead of claiming "active" or "nobody".
 */
export function assetCard(asset: Asset, options: AssetCardOptions = {}, m: Messages = english): SlackMessage {
  const id = String(asset.ItemID);
  const retired = asset.Disabled;
  const status = retired === true ? m.t('assets.statusRetired') : retired === false ? m.t('assets.statusActive') : m.t('assets.statusUnknown');
  const title = escapeText(assetTitle(asset));
  const field = (label: string, value: string) => `*${label}*\n${value}`;
  const blocks: Block[] = [];
  if (options.notice) blocks.push(context(options.notice));
  blocks.push(
    section(`${m.t('assets.cardHeading', { id, title })}${retired ? `  ${retiredMark(m)}` : ''}`),
    fields([
      field(m.t('assets.modelField'), orDash(asset.ModelName)),
      field(m.t('assets.manufacturerField'), orDash(asset.Manufacturer)),
      field(m.t('assets.typeField'), orDash(asset.Type)),
      field(m.t('assets.supplierField'), asset.Supplier === undefined ? `_${m.t('assets.notReported')}_` : orDash(asset.Supplier)),
      field(m.t('assets.serialField'), orDash(asset.SerialNumber)),
      field(m.t('assets.locationField'), orDash(asset.Location)),
      field(m.t('assets.quantityField'), m.number(asset.Quantity)),
      field(m.t('assets.companyField'), orDash(companyName(asset.Company, m))),
      field(m.t('assets.statusField'), status),
    ]),
  );
  if (asset.Comments?.trim()) blocks.push(section(field(m.t('assets.commentsField'), escapeText(truncate(asset.Comments, 2800)))));

  const users = asset.AssignedUsers;
  if (users === undefined) blocks.push(context(m.t('assets.assignedUnknown')));
  else if (users.length === 0) blocks.push(context(m.t('assets.assignedNobody')));
  else {
    blocks.push(section(m.t('assets.assignedHeading', { count: m.number(users.length) })));
    for (const user of users.slice(0, MAX_USER_ROWS)) {
      blocks.push(section(personText(user), button(m.t('assets.unassignButton'), AssetIds.unassign, assetUserValue(asset.ItemID, user.UserID))));
    }
    const rest = users.slice(MAX_USER_ROWS);
    if (rest.length > 0) blocks.push(context(m.t('assets.andMore', { names: rest.map((user) => escapeText(personName(user))).join(', ') })));
  }

  const retire = button(m.t('assets.retireButton'), AssetIds.retire, id, 'danger', {
    confirm: confirm(m.t('assets.retireQuestion', { id }), m.t('assets.retireText', { title }), m.t('assets.retireConfirm'), 'danger', m.t('kit.cancel')),
  });
  const restore = button(m.t('assets.restoreButton'), AssetIds.restore, id, 'primary', {
    confirm: confirm(m.t('assets.restoreQuestion', { id }), m.t('assets.restoreText', { title }), m.t('assets.restoreConfirm'), 'primary', m.t('kit.cancel')),
  });
  blocks.push(
    actions(`asset_card:${id}`, [
      button(m.t('assets.editButton'), AssetIds.edit, id),
      button(m.t('assets.linkButton'), AssetIds.link, id),
      button(m.t('assets.fieldsButton'), AssetIds.fields, id),
      // Unknown state: offer both, the help desk decides.
      ...(retired === true ? [restore] : retired === false ? [retire] : [retire, restore]),
    ]),
  );
  // Retired equipment is not handed out: restore it first.
  if (retired !== true) {
    const select: types.UsersSelect = { type: 'users_select', action_id: AssetIds.assign, placeholder: plain(m.t('assets.assignPlaceholder')) };
    blocks.push(actions(assetAssignBlockId(asset.ItemID), [select]));
  }
  return { text: m.t('assets.cardText', { id, title, retired: retired ? 'yes' : 'no' }), blocks };
}
