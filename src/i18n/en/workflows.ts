/** English messages of the workflows area (spread into ../en.ts; keys `area.what`). */
export const workflowsEn = {
  // ── Workflow Builder steps (plain text: Workflow Builder shows a step's error without mrkdwn) ──
  'steps.unknownStep': 'This step is not handled by this version of the talep bot. Ask the workflow’s builder to remove it or update the bot.',
  'steps.unknownOutcome':
    'The help desk did not answer in time, so this may or may not have been done. Check the help desk before running the workflow again.',
  'steps.nobody': 'This step needs to know who ran the workflow, and Slack did not say. Start the workflow from a link, a shortcut or a button.',
  'steps.failedHere': 'The step failed on the bot’s side. It has been logged; please run the workflow again.',
  'steps.alreadyStarted':
    'This step was already started for this run and its result is not known. Check the help desk before running the workflow again.',
  'steps.notLinked':
    'The person who ran this workflow has not connected a help-desk account. Connect it with /talep connect in Slack, then run the workflow again.',
  'steps.rejected':
    'The help desk refused the saved token of the person who ran this workflow. Connect again with /talep connect in Slack, then run the workflow again.',
  'steps.unreadable':
    'The stored help-desk link of the person who ran this workflow cannot be read (the bot’s encryption key changed). Connect again with /talep connect, or ask an admin to restore the key.',
  'steps.input':
    'The step’s input “{name}” {problem, select, missing {is missing} talepNumber {must be a talep number} whole {must be a whole number} tooLarge {is too large} text {must be text} empty {is empty} tooLong {is longer than {max} characters} user {must be a Slack user} flag {must be true or false} priority {must be low, normal, high or critical} other {is not valid}}.',
  'steps.onBehalfAgentsOnly': 'Only help-desk agents can open a talep on behalf of someone else.',
  'steps.noCategory': 'No category “{name}”.',
  'steps.unassigned': 'Unassigned',
  'steps.userNumbered': 'user #{id}',

  // ── the one line saying what accepted work is (`/talep pending`, App Home), made when it is accepted ──
  'outbox.whatNewTalep': 'New talep “{subject}”',
  'outbox.whatTalepFromMessage': 'Talep from a message “{subject}”',
  'outbox.whatOpenedFromMessage': 'Talep from a message ({how, select, emoji {emoji} request {request channel} other {triage}})',
  'outbox.whatFiles': '{count, plural, one {# file} other {# files}} for talep #{id}',
  'outbox.whatThreadReply': 'Thread reply added to talep #{id}',
  'outbox.whatMessageAdded': 'Message added to talep #{id}{agentsOnly, select, yes { (agents only)} other {}}',
  'outbox.whatComment': 'Comment on #{id}{agentsOnly, select, yes { (agents only)} other {}}: “{text}”',
  // ── cancelled work, in the modal it came from ──
  'outbox.cancelledTitle': 'Cancelled',
  'outbox.cancelledPartly': ':wastebasket: Cancelled: {what}. What was already done stays.',
  'outbox.cancelledNothingSent': ':wastebasket: Cancelled: {what}. Nothing was sent to the help desk.',
  // ── Slack files on their way to a talep ──
  'outbox.fileProblem': ':warning: {reason}',
  'outbox.fileNotHandedOut': 'Slack did not hand out “{name}” (HTTP {status}). Is the app in that channel?',
  'outbox.fileNoScope': 'Slack did not hand out “{name}”: the bot may lack the files:read scope.',
  'outbox.fileTooLargeHere': '“{name}” is larger than {mb} MB, the most the help desk upload accepts here.',
  'outbox.filesUnreadable': 'Slack sent these files in a form I cannot read. Attach them again.',
  'outbox.filesTooMany': 'Attach at most {max} files.',
  'outbox.filesTooLarge':
    '{names} {count, plural, one {is} other {are}} larger than {mb} MB, the most the help desk accepts per file.',
  'outbox.fileUnnamed': 'file',
  'outbox.filesNoLink': 'Slack did not give me a link to these files. Attach them again.',
  'outbox.fileMaybeAttached': '“{name}” may not have been attached: the help desk did not answer. Look at the talep’s files.',
  'outbox.fileNotAttached': '“{name}” could not be attached: {reason}',
  'outbox.filesLabel': 'Files',
  'outbox.filesHint': 'Up to {max} files, {mb} MB each.',
  'outbox.filesFromMessage': ':paperclip: *From the message* (attached on submit)',
  'outbox.fileSkipped': ' — _not attached: {reason}_',
  // ── issues in external trackers ──
  'outbox.linkedIssues': ':link: Linked issues: {links}',
} as const;
