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
  // ── Slack user → help-desk user (src/slack/people.ts) ──
  'slackPeople.notVisible': '<@{userId}> is not a Slack user I can see.',
  'slackPeople.noEmail': '<@{userId}> has no e-mail in Slack, so I cannot find them in the help desk.',
  'slackPeople.noMatch': "No help-desk user has <@{userId}>'s e-mail ({email}).",
  'slackPeople.needsAgent': 'Finding Slack users in the help desk needs agent permission.',
} as const;
