/**
 * The asset card: every field of an asset, who has it, and what can be done with it (edit, link to a
 * talep, custom fields, retire / restore, assign). Pure: data → Block Kit JSON.
 */
import type { types } from '@slack/bolt';
import type { Asset, UserListItem } from '../../api/schemas.js';
import { actions, type Block, button, confirm, context, escapeText, fields, plain, section, type SlackMessage, truncate } from '../kit/blocks.js';
import { assetAssignBlockId, AssetIds, assetUserValue } from './ids.js';
import { assetLabel, assetTitle, companyName, orDash, RETIRED_MARK } from './names.js';

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
export function assetCard(asset: Asset, options: AssetCardOptions = {}): SlackMessage {
  const id = String(asset.ItemID);
  const retired = asset.Disabled;
  const status = retired === true ? ':no_entry_sign: *Retired*' : retired === false ? ':large_green_circle: Active' : 'Unknown';
  const blocks: Block[] = [];
  if (options.notice) blocks.push(context(options.notice));
  blocks.push(
    section(
      `:desktop_computer: *Asset #${asset.ItemID} · ${escapeText(assetTitle(asset))}*${retired ? `  ${RETIRED_MARK}` : ''}`,
    ),
    fields([
      `*Model*\n${orDash(asset.ModelName)}`,
      `*Manufacturer*\n${orDash(asset.Manufacturer)}`,
      `*Type*\n${orDash(asset.Type)}`,
      `*Supplier*\n${asset.Supplier === undefined ? '_not reported_' : orDash(asset.Supplier)}`,
      `*Serial number*\n${orDash(asset.SerialNumber)}`,
      `*Location*\n${orDash(asset.Location)}`,
      `*Quantity*\n${asset.Quantity}`,
      `*Company*\n${orDash(companyName(asset.Company))}`,
      `*Status*\n${status}`,
    ]),
  );
  if (asset.Comments?.trim()) blocks.push(section(`*Comments*\n${escapeText(truncate(asset.Comments, 2800))}`));

  const users = asset.AssignedUsers;
  if (users === undefined) blocks.push(context('The help desk did not say who this asset is assigned to.'));
  else if (users.length === 0) blocks.push(context('Not assigned to anyone.'));
  else {
    blocks.push(section(`*Assigned to* (${users.length})`));
    for (const user of users.slice(0, MAX_USER_ROWS)) {
      blocks.push(section(personText(user), button('Unassign', AssetIds.unassign, assetUserValue(asset.ItemID, user.UserID))));
    }
    const rest = users.slice(MAX_USER_ROWS);
    if (rest.length > 0) blocks.push(context(`…and ${rest.map((user) => escapeText(personName(user))).join(', ')}`));
  }

  const retire = button('Retire', AssetIds.retire, id, 'danger', {
    confirm: confirm(
      `Retire asset #${asset.ItemID}?`,
      `*${escapeText(assetTitle(asset))}* will be hidden from asset lists (\`all\` still shows it). You can restore it later.`,
      'Retire',
    ),
  });
  const restore = button('Restore', AssetIds.restore, id, 'primary', {
    confirm: confirm(
      `Restore asset #${asset.ItemID}?`,
      `*${escapeText(assetTitle(asset))}* becomes active again and shows in asset lists.`,
      'Restore',
      'primary',
    ),
  });
  blocks.push(
    actions(`asset_card:${id}`, [
      button('Edit', AssetIds.edit, id),
      button('Link to talep', AssetIds.link, id),
      button('Custom fields', AssetIds.fields, id),
      // Unknown state: offer both, the help desk decides.
      ...(retired === true ? [restore] : retired === false ? [retire] : [retire, restore]),
    ]),
  );
  // Retired equipment is not handed out: restore it first.
  if (retired !== true) {
    const select: types.UsersSelect = { type: 'users_select', action_id: AssetIds.assign, placeholder: plain('Assign to a Slack user…') };
    blocks.push(actions(assetAssignBlockId(asset.ItemID), [select]));
  }
  return { text: `${escapeText(assetLabel(asset))}${retired ? ' (retired)' : ''}`, blocks };
}
