/** The shared custom-fields form (views/custom-fields), worded for assets. Pure. */
import { escapeText } from '../kit/blocks.js';

/** The spec has no way to read an asset's custom-field values: the form says why it starts empty. */
export const ASSET_FIELDS_NOTE =
  "The help desk does not report an asset's current custom-field values, so every field starts empty: only the fields you fill in are sent.";

/** The form's heading; `label` is plain text, e.g. `assetLabel(asset)`. */
export const assetFieldsHeading = (label: string): string => `:desktop_computer: *${escapeText(label)}*`;

export function assetFieldsSavedText(label: string, saved: readonly string[]): string {
  return `:white_check_mark: Saved ${saved.map((name) => `*${escapeText(name)}*`).join(', ')} on ${escapeText(label)}.`;
}
