/** The shared custom-fields form (views/custom-fields), worded for assets. Pure. */
import { escapeText } from '../kit/blocks.js';

/** The form's heading; `label` is plain text, e.g. `assetLabel(asset)`. */
export const assetFieldsHeading = (label: string): string => `:desktop_computer: *${escapeText(label)}*`;

export function assetFieldsSavedText(label: string, saved: readonly string[]): string {
  return `:white_check_mark: Saved ${saved.map((name) => `*${escapeText(name)}*`).join(', ')} on ${escapeText(label)}.`;
}
