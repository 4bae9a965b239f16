/**
 * English messages of the conversations area (spread into ../en.ts; keys `area.what`): thread sync,
 * request and triage channels, the emoji, `/talep channel` (`conversations.*`); the message shortcuts'
 * leftovers (`shortcuts.*`); the shared custom-fields form (`customFields.*`); the details panel and
 * documentation previews (`unfurlDetails.*`, `docUnfurl.*`); the knowledge base's list and form
 * (`kbList.*`, `kbForm.*`).
 *
 * Channel posts (thread sync, a request's thread, triage) use the channel's language; ephemeral
 * messages and modals the person's; text that goes INTO the help desk (a message's footer, a subject
 * made from a message) the acting person's.
 */
export const conversationsEn = {
  // ── /talep channel: the settings modal ──
  'conversations.channelTitle': 'Channel settings',
  'conversations.saveSubmit': 'Save',
  'conversations.choosePlaceholder': 'Choose',
  'conversations.channelIntro':
    'Settings of <#{channel}>. Taleps are always opened as the person who wrote (or reacted), with their own help-desk account.',
  'conversations.modeLabel': 'Mode',
  'conversations.modeOffOption': 'Off — taleps only with the emoji or the shortcuts',
  'conversations.modeRequestOption': 'Request channel — every new message becomes a talep',
  'conversations.modeTriageOption': 'Triage — new messages get an “Open a talep” button for agents',
  'conversations.defaultCategory': 'Default category',
  'conversations.defaultCategoryHint': 'Else each person’s last used category.',
  'conversations.defaultPriority': 'Default priority',
  'conversations.emojiLabel': 'Emoji that opens a talep',
  'conversations.emojiHint': 'Reacting with it on a message opens a talep from it.',
  'conversations.syncLabel': 'Thread sync',
  'conversations.syncOption': 'Keep linked threads and their taleps in step',
  'conversations.syncHint': 'Replies in linked threads become comments, and public help-desk comments appear there.',
  'conversations.channelOutOfDate': ':warning: This form is out of date. Run `/talep channel` again.',
  'conversations.emojiInvalid': 'Give an emoji name, like :ticket:.',
  'conversations.channelSaved':
    ':white_check_mark: Saved: <#{channel}> is {mode, select, request {a request channel} triage {a triage channel} other {an ordinary channel}}; :{emoji}: opens a talep; thread sync is {sync, select, on {on} other {off}}.',
  'conversations.notInChannel': ':warning: Use `/talep channel` in the channel you want to set up.',
  'conversations.managersOnly': ':no_entry: Only the channel’s creator, workspace admins and help-desk admins change this channel’s settings.',

  // ── Edit details (a talep opened with the emoji) ──
  'conversations.editTitle': 'Talep #{id}',
  'conversations.editDetailsTitle': 'Edit details',
  'conversations.subject': 'Subject',
  'conversations.category': 'Category',
  'conversations.priority': 'Priority',
  'conversations.editOutOfDate': ':warning: This form is out of date.',
  'conversations.subjectMissing': 'Give the talep a subject.',
  'conversations.saving': 'Saving…',
  'conversations.editSaved': ':white_check_mark: Talep #{id} saved.',

  // ── thread sync: posts in the thread (the channel's language) ──
  'conversations.helpdeskCommentHead': '*{author}* in the help desk:',
  'conversations.helpdeskCommentText': '{author} in the help desk: {text}',
  'conversations.noText': '_(no text)_',
  'conversations.commentFooter': 'Talep #{id} · replies here become comments',
  'conversations.userById': 'user {id}',
  'conversations.closedNote': ':white_check_mark: Talep #{id} was closed in the help desk.',
  'conversations.reopenedNote': ':arrows_counterclockwise: Talep #{id} was reopened.',
  'conversations.notFollowed':
    ':information_source: The {what, select, edit {edit} other {deletion}} of a reply could not be applied to talep #{id}’s comment: {reason}',
  'conversations.notFollowedLate': 'it came more than 10 minutes after the reply.',
  'conversations.notFollowedNoComment': 'the comment it became could not be found.',
  'conversations.notFollowedNoLink': 'its author’s help-desk link is gone.',
  'conversations.talepOpenedHereText': 'Talep #{id} was opened from this message.',
  'conversations.talepOpenedHere':
    ':ticket: <@{user}> opened talep <{url}|*#{id}* {subject}> from this message. Replies in this thread become its comments.',
  'conversations.showButton': 'Show talep',
  'conversations.openButton': 'Open in help desk',
  'conversations.triageText': 'Agents: open a talep from this message.',
  'conversations.triage': ':inbox_tray: Agents: open a talep from this message (on behalf of its author).',
  'conversations.openTalepButton': 'Open a talep',

  // ── thread sync: what only the replier sees (their language) ──
  'conversations.connectToAddReply':
    'Your reply in this thread was not added to talep #{id}: connect your help-desk account, then press *Add my reply*. I keep your reply until then.',
  'conversations.connectToAddReplyText': 'Connect your help-desk account to add your reply to talep #{id}.',
  'conversations.addMyReplyButton': 'Add my reply',
  'conversations.dismissButton': 'Dismiss',
  'conversations.replyAdded': ':white_check_mark: Your reply was added to talep #{id}.',
  'conversations.replyDismissed': ':wastebasket: Your reply was not added; I forgot it.',
  'conversations.replyGone': ':information_source: That reply was already added or dismissed.',
  'conversations.replyNotAdded': 'Your reply was not added to talep #{id}: {reason}',
  'conversations.replyKept': 'Your reply is queued — it will be added to the talep when the help desk is back.',
  'conversations.onlyAgentsComment': 'the help desk lets only admins and agents of the talep’s category comment. Ask one of them to add it.',
  'conversations.connectThenAddReply': 'Connect your help-desk account first, then press *Add my reply* again.',
  'conversations.deletedInSlack': '(This reply was deleted in Slack.)',

  // ── request channels, triage and the emoji: what only the person sees ──
  'conversations.emojiTalepText': 'Talep #{id} opened from the message.',
  'conversations.emojiTalep': ':ticket: Talep <{url}|*#{id}* {subject}> opened{where} from the message you reacted to.',
  'conversations.inCategory': ' in *{category}*',
  'conversations.editDetailsButton': 'Edit details',
  'conversations.alreadyOpened': ':information_source: That message already opened talep #{id}.',
  'conversations.beingOpened': ':hourglass_flowing_sand: A talep is being opened from that message already.',
  'conversations.connectToOpenText': 'Connect your help-desk account, and your message here becomes a talep.',
  'conversations.connectToOpen':
    ':link: Messages in this channel become taleps, opened as you: connect your help-desk account, then press *Open a talep*. I keep your message until then.',
  'conversations.triageAgentsOnly': ':no_entry: Only agents open taleps from messages in this triage channel.',
  'conversations.connectThenReact': 'Connect your help-desk account, then react again to open a talep from that message.',
  'conversations.cannotReadMessage':
    ':warning: I could not read that message (is the bot in this channel?). Use the *Open a talep* shortcut on it instead.',
  'conversations.talepKept': 'Your talep is queued — it will be filed when the help desk is back.',

  // ── message shortcuts: what goes into the help desk (the acting person's language) ──
  'shortcuts.postedBy': '— Posted in Slack by {author}',
  'shortcuts.postedByLink': '— Posted in Slack by {author}: {link}',
  'shortcuts.messageFrom': 'Message from {author}',
  'shortcuts.anApp': 'an app',
  'shortcuts.file': 'file',
  'shortcuts.moreFiles': '{count, plural, one {# more file} other {# more files}}',
  'shortcuts.notInSlack': 'not stored in Slack',
  'shortcuts.tooLarge': 'larger than {size} MB',
  'shortcuts.atMostFiles': 'at most {max} files are carried over',
  'shortcuts.anotherFile': 'Another file of the Slack message above: {name}',
  // ── message shortcuts: what the person sees ──
  'shortcuts.noMessage': ':warning: Slack did not say which message that was. Please try the shortcut again.',
  'shortcuts.pickTalep': 'Pick a talep from the list (type a few words of its subject, or its #id).',
  'shortcuts.commentEmpty': 'The comment is empty.',
  'shortcuts.fileNotAdded': '“{name}” could not be added: {reason}',
  'shortcuts.refused':
    ':no_entry: The help desk refused: only admins and agents of talep #{id}’s category can add comments. Ask one of them to add it, or open a new talep from this message with *Open a talep*.',
  'shortcuts.outOfDate': ':warning: This form is out of date. Please use the shortcut again.',
  'shortcuts.adding': ':hourglass_flowing_sand: Adding the message to talep #{id}…',
  'shortcuts.added': ':white_check_mark: The message was added to talep #{id}.',
  'shortcuts.failed': ':warning: The message could not be added to talep #{id}; I sent you the reason.',
  'shortcuts.cancelled': ':wastebasket: You cancelled adding the message to talep #{id}.',
  // The picker's explanations are options (75 characters).
  'shortcuts.slowOption': 'The help desk is slow right now: type again in a moment',
  'shortcuts.notFoundOption': 'Talep #{id} was not found',
  'shortcuts.noMatchOption': 'No talep matches “{words}”',
  'shortcuts.searchFailedOption': 'Could not search the help desk; try again',

  // ── the custom-fields form ──
  'customFields.loading': 'Reading the custom fields…',
  'customFields.yesOption': 'Yes',
  'customFields.noOption': 'No',
  'customFields.required': 'Required by the help desk.',
  'customFields.leavePlaceholder': 'Leave as it is',
  'customFields.choosePlaceholder': 'Choose…',
  'customFields.notADate': 'Now: {value} (not a date I can show).',
  'customFields.now': 'Now: {value}. ',
  'customFields.optionIdPlaceholder': 'Option id',
  'customFields.optionIdHint': '{now}The help desk takes a dropdown value as the option’s id; leave empty to keep it as it is.',
  'customFields.none': 'The help desk has no custom fields of this kind.',
  'customFields.note': 'Only the fields you change are sent. Empty a text field to clear it.',
  'customFields.saveSubmit': 'Save',
  'customFields.unchanged': 'Nothing changed in the custom fields of {subject}.',
  'customFields.saved': ':white_check_mark: Saved {names} for {subject}.',
  'customFields.optionIdNeeded': 'Type the option’s id (a number); the help desk does not take option names.',
  'customFields.fieldNumber': 'Field #{id}',
  'customFields.fillOne': 'Fill in at least one field to save (empty fields are left as they are).',
  'customFields.outOfDate': ':warning: This form is out of date. Open it again.',
  'customFields.saving': 'Saving…',
  'customFields.savedButNot': 'Saved {done}, but not {name}: {problem}',
  'customFields.savedBefore': '{problem} Saved before that: {done}.',

  // ── a talep's details panel (the viewer's language) and documentation previews (the channel's) ──
  'unfurlDetails.openButton': 'Open in help desk',
  'unfurlDetails.showButton': 'Show in Slack',
  'unfurlDetails.assignButton': 'Assign to me',
  'unfurlDetails.connectHeading': 'Connect your help-desk account',
  'unfurlDetails.connect': 'Connect your help-desk account with /talep connect in Slack, then open this talep again to see it as yourself.',
  'unfurlDetails.talepTitle': 'Talep #{id}',
  'docUnfurl.by': 'by {author}',

  // ── knowledge base: the list and the new-article form ──
  'kbList.categoryNumber': 'Category #{id}',
  'kbForm.chooseCategory': 'Choose a category.',
  'kbForm.writeSubject': 'Write a subject.',
  'kbForm.writeArticle': 'Write the article.',
  'kbForm.atMost': 'At most {max} characters.',
} as const;
