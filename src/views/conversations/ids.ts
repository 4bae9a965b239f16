/** The conversations area's action, callback and block ids (thread sync, request channels, the emoji). */
export const ConversationIds = {
  /** A held reply of someone who had not linked: value = the held reply's id. */
  addMyReply: 'conv_add_reply',
  dismissReply: 'conv_dismiss_reply',
  /** Triage channels and request prompts: value = the kept message's id. */
  openFromMessage: 'conv_open_talep',
  /** After an emoji opened a talep: value = talep id. */
  editDetails: 'conv_edit_details',
  editCallback: 'conv_edit',
  channelCallback: 'conv_channel',
  mode: { block: 'conv_mode', action: 'value' },
  category: { block: 'conv_category', action: 'value' },
  priority: { block: 'conv_priority', action: 'value' },
  emoji: { block: 'conv_emoji', action: 'value' },
  sync: { block: 'conv_sync', action: 'value' },
  subject: { block: 'conv_subject', action: 'value' },
} as const;
