/**
 * Which links of a message the bot previews: talep links (the help desk's talep URL form, both
 * directions of `HELPDESK_TALEP_URL`) and links into the documentation site. Capped, so one message
 * full of links cannot make the bot read the help desk dozens of times.
 */
import { talepIdFromUrl } from '../../domain/talep-link.js';
import type { DocsSite } from '../../slack/services.js';

export const MAX_TALEP_LINKS = 5;
export const MAX_DOC_LINKS = 3;

export interface TalepLink {
  /** The link exactly as it was posted (`chat.unfurl` is keyed by it). */
  url: string;
  talepId: number;
}

export interface SortedLinks {
  taleps: TalepLink[];
  docs: string[];
}

export function sortLinks(urls: readonly string[], talepUrlTemplate: string, docsSite: DocsSite | undefined): SortedLinks {
  const taleps: TalepLink[] = [];
  const docs: string[] = [];
  for (const url of new Set(urls)) {
    const talepId = talepIdFromUrl(url, talepUrlTemplate);
    if (talepId !== undefined) {
      if (taleps.length < MAX_TALEP_LINKS) taleps.push({ url, talepId });
    } else if (docsSite?.covers(url) && docs.length < MAX_DOC_LINKS) {
      docs.push(url);
    }
  }
  return { taleps, docs };
}
