/**
 * The talep card's block and action ids, and the values its menus carry. Other areas render and
 * handle these controls, so they live apart from the card's layout.
 */

export const TalepCardIds = {
  workBlock: 'talep_card_work',
  moreBlock: 'talep_card_more',
  publicBlock: 'talep_card_public',
  comment: 'talep_card_comment',
  close: 'talep_card_close',
  assignToMe: 'talep_card_assign_me',
  /** Static select: status and priority changes (value: see `cardChangeValue`). */
  change: 'talep_card_change',
  subscribe: 'talep_card_subscribe',
  unsubscribe: 'talep_card_unsubscribe',
  share: 'talep_card_share',
  openLink: 'talep_card_open',
  /** Overflow "More": relations, custom fields, attachments, subscribers, all comments (value: see `cardExtraValue`). */
  extras: 'talep_card_extras',
} as const;

export type CardChange = { talepId: number; kind: 'status'; statusId: number } | { talepId: number; kind: 'priority'; priority: number };

/** The status/priority select's option value: `<talepId>|status|<id>` or `<talepId>|priority|<id>`. */
export function cardChangeValue(change: CardChange): string {
  return change.kind === 'status'
    ? `${change.talepId}|status|${change.statusId}`
    : `${change.talepId}|priority|${change.priority}`;
}

export function parseCardChange(value: string | undefined): CardChange | undefined {
  const match = /^(\d{1,9})\|(status|priority)\|(-?\d{1,4})$/.exec(value ?? '');
  if (!match) return undefined;
  const talepId = Number(match[1]);
  const id = Number(match[3]);
  if (talepId < 1) return undefined;
  if (match[2] === 'status') return id >= 1 && id <= 3 ? { talepId, kind: 'status', statusId: id } : undefined;
  return { talepId, kind: 'priority', priority: id };
}

/**
 * What the card's "More" menu opens; each is handled by the talep-extras / talep-relations / talep-comments
 * modules. Slack's overflow menu takes at most 5 options: this list is full.
 */
export const CARD_EXTRAS = ['relations', 'fields', 'files', 'subscribers', 'comments'] as const;
export type CardExtra = (typeof CARD_EXTRAS)[number];


/** The "More" option value: `<extra>|<talepId>`. */
export const cardExtraValue = (extra: CardExtra, talepId: number): string => `${extra}|${talepId}`;

export function parseCardExtra(value: string | undefined): { extra: CardExtra; talepId: number } | undefined {
  const match = /^([a-z]+)\|(\d{1,9})$/.exec(value ?? '');
  const extra = CARD_EXTRAS.find((candidate) => candidate === match?.[1]);
  const talepId = Number(match?.[2]);
  return extra && talepId >= 1 ? { extra, talepId } : undefined;
}

