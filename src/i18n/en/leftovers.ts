/** English messages of the last leftovers (spread into ../en.ts; keys `area.what`). */
export const leftoversEn = {
  // ── custom-fields modal titles and notes passed by each area ──
  'customFields.userTitle': 'User custom fields',
  'customFields.companyTitle': 'Company custom fields',
  'customFields.talepTitle': 'Talep custom fields',
  'customFields.assetTitle': 'Asset custom fields',
  'customFields.assetValuesUnknownNote':
    "The help desk does not report an asset's current custom-field values, so every field starts empty: only the fields you fill in are sent.",
  // ── knowledge base ──
  'kb.staleArticle': ':warning: That button does not name an article. Run `/talep kb <words>` again.',
  'kb.staleArticleId': ':warning: That button does not name an article. Run `/talep kb <id>` again.',
  // ── the rules modal's one-line rule summary (commands/rules/rows.ts) ──
  'rules.summaryLine': 'When {when} → {then}',
  'rules.summaryAnd': 'and',
  'rules.summaryOr': 'or',
  'rules.summaryNoConditions': '(no conditions)',
  'rules.summaryNoActions': '(no actions)',
  'rules.summaryMore': ' (+{count, number} more)',
  // ── /talep connect: the sign-in form's problems (commands/account/connect.ts) ──
  'connect.signInEitherNotBoth': 'Use either your user name and password or a token, not both.',
  'connect.signInNoUsername': 'Enter your help-desk user name.',
  'connect.signInNoPassword': 'Enter your password.',
  'connect.signInNothing': 'Enter your user name and password, or paste a token below.',
  'connect.signInNoToken': 'Paste your API token.',
  'connect.signInBadToken': 'That does not look like a token: paste it whole, without spaces.',
  'connect.refusedPassword': 'The help desk refused this user name and password.',
  'connect.refusedToken': 'The help desk refused this token. Copy it again from your token page (a new password invalidates old tokens).',
  // ── the new-talep form's checks (commands/new-talep/request.ts) ──
  'newTalep.checkChooseCategory': 'Choose a category.',
  'newTalep.checkFieldsLoading': 'This category’s fields are still loading. Submit again in a moment.',
  'newTalep.checkNoSubject': 'Give the talep a subject.',
  'newTalep.checkSubjectTooLong': 'Keep the subject to {max, number} characters (it has {length, number}).',
  'newTalep.checkRequired': 'This field is required.',
  'newTalep.checkPickDate': 'Pick a date.',
  'newTalep.checkPickOption': 'Pick one of the options.',
  // ── "Open a talep" on a message that already has one (views/new-talep/states.ts) ──
  'newTalep.alreadyOpened': 'Talep #{id} was already opened from this message.',
  'newTalep.addInsteadOfDuplicate': 'Add to it with the *Add to a talep* shortcut instead of opening a duplicate.',
  'newTalep.beingOpened': '*A talep is already being opened from this message* (by <@{user}>).',
  'newTalep.linkedInThread': 'It will be linked in the message’s thread.',
  // ── the unfurl's connect offer (commands/unfurls/offer.ts) ──
  'unfurls.connectOfferText': 'Connect your help-desk account and your talep links will show a preview here (only you see this).',
  // ── Slack user → help-desk user (src/slack/people.ts) ──
  'slackPeople.notVisible': '<@{userId}> is not a Slack user I can see.',
  'slackPeople.noEmail': '<@{userId}> has no e-mail in Slack, so I cannot find them in the help desk.',
  'slackPeople.noMatch': "No help-desk user has <@{userId}>'s e-mail ({email}).",
  'slackPeople.needsAgent': 'Finding Slack users in the help desk needs agent permission.',
  // ── new talep: queued work, the thread reply on the source message (the channel's language) ──
  'newTalep.kept': 'Your talep is queued — it will be filed when the help desk is back.',
  'newTalep.openedFromMessageText': 'Talep #{id} was opened from this message.',
  'newTalep.openedFromMessage': ':ticket: Talep {link} was opened from this message.',
  // ── who a "not found" is about ──
  'relations.pairLabel': 'Talep #{a} or #{b}',
  'categories.sectionLabel': 'Section {id}',
} as const;
