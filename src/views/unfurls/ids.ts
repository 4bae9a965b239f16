/** The action ids of the unfurls area's own controls. */
export const UnfurlIds = {
  /** The details panel's "Open in help desk" (a link: it only needs its acknowledgement). */
  openInHelpdesk: 'unfurl_open_helpdesk',
} as const;
