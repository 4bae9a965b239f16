/**
 * Slack's documented Block Kit limits, checked on a payload before Slack sees it.
 *
 * Pure and dependency-free (no imports at all): it runs in the tests' Slack stand-in, in unit tests
 * on the views, and later in a browser "playground". Every check takes plain JSON (`unknown`), walks
 * it once and returns the violations as values: where (a JSON pointer, as Slack reports it), which
 * rule, what was found and the limit. Nothing throws on odd input: a wrong shape is a violation.
 *
 * Sources, cited on each rule (all under https://docs.slack.dev/reference/):
 *   block-kit/blocks                                  50 blocks a message, 100 in a modal or Home tab
 *   block-kit/blocks/<type>-block                     per block fields and limits
 *   block-kit/block-elements/<type>-element           per element fields and limits
 *   block-kit/composition-objects/<type>-object       text, option, option group, confirm dialog
 *   views/modal-views, views/home-tab-views           view fields
 *   methods/chat.postMessage + changelog 2018-04-truncating-really-long-messages   message `text`
 * Where the docs leave something implicit, the rule's comment says what it is derived from.
 *
 * Lengths are counted in Unicode code points, as Slack's "characters" (a string of N emoji is N
 * characters to Slack, 2N UTF-16 units to JavaScript).
 */

/**
 * What Slack does with a payload that breaks the rule: most are `refused` (`invalid_blocks`,
 * `invalid_arguments`); an over-long message text is `truncated` (40,000) or `split` into several
 * messages (4,000 without blocks); an initial value the input itself would reject is accepted but
 * leaves the form `unusable` until the user changes it.
 */
export type Effect = 'refused' | 'truncated' | 'split' | 'unusable';

/** One broken limit. `path` is a JSON pointer into the checked payload (`/blocks/3/text/text`). */
export interface Violation {
  path: string;
  /** A stable rule id, e.g. `section.text.length`, `action_id.unique_in_block`. */
  rule: string;
  effect: Effect;
  /** What was found: a length, a count, the offending value (cut to 80 characters). */
  actual: string | number;
  /** The documented limit, when the rule has one. */
  limit?: string | number;
  /** One sentence in Slack's own style ("must be at most 3000 characters"). */
  message: string;
}

export type BlockKitSurface = 'message' | 'modal' | 'home';

/** The numbers, exported so tests and the playground can build edge cases from the same source. */
export const BLOCK_KIT_LIMITS = {
  // block-kit/blocks: "You can include up to 50 blocks in each message, and 100 blocks in modals or Home tabs."
  blocksPerMessage: 50,
  blocksPerView: 100,
  // block_id / action_id: "Maximum length for this field is 255 characters." (every block and element page)
  blockId: 255,
  actionId: 255,
  // composition-objects/text-object: "The minimum length is 1 and maximum length is 3000 characters."
  textObject: 3000,
  // blocks/section-block: text 1..3000; fields: "Maximum number of items is 10 ... 2000 characters" each.
  sectionText: 3000,
  sectionFields: 10,
  sectionField: 2000,
  // blocks/header-block: "Maximum length for the text in this field is 150 characters."
  headerText: 150,
  // blocks/context-block: "An array of image elements and text objects. Maximum number of items is 10."
  contextElements: 10,
  // blocks/actions-block: "There is a maximum of 25 elements in each action block."
  actionsElements: 25,
  // blocks/input-block: label and hint: "Maximum length for the text in this field is 2000 characters."
  inputLabel: 2000,
  inputHint: 2000,
  // blocks/image-block: alt_text 2000, image_url 3000, title 2000.
  imageAltText: 2000,
  imageUrl: 3000,
  imageTitle: 2000,
  // block-elements/button-element: text 75, value 2000, url 3000, accessibility_label 75.
  buttonText: 75,
  buttonValue: 2000,
  buttonUrl: 3000,
  accessibilityLabel: 75,
  // select/multi-select/datepicker/timepicker/inputs: placeholder "Maximum length ... 150 characters."
  placeholder: 150,
  // select-menu-element / multi-select-menu-element: "Maximum number of options is 100" (and 100 groups).
  selectOptions: 100,
  selectOptionGroups: 100,
  // composition-objects/option-group-object: label 75, "Maximum of 100 items."
  optionGroupLabel: 75,
  optionGroupOptions: 100,
  // block-elements/overflow-menu-element: "An array of up to five option objects" (one is accepted since 2019).
  overflowOptionsMin: 1,
  overflowOptionsMax: 5,
  // checkboxes-element / radio-button-group-element: "A maximum of 10 options are allowed."
  checkboxOptions: 10,
  radioOptions: 10,
  // composition-objects/option-object: text 75, value 150, description 75, url 3000.
  optionText: 75,
  optionValue: 150,
  optionDescription: 75,
  optionUrl: 3000,
  // composition-objects/confirmation-dialog-object: title 100, text 300, confirm 30, deny 30.
  confirmTitle: 100,
  confirmText: 300,
  confirmButton: 30,
  // block-elements/plain-text-input-element: min_length 0..3000, max_length 1..3000.
  inputLength: 3000,
  // block-elements/file-input-element: max_files "Minimum of 1, maximum of 10."
  fileInputMaxFiles: 10,
  // views/modal-views: title, close, submit "max length of 24 characters"; private_metadata 3000;
  // callback_id 255. methods/views.open: external_id "max length of 255 characters".
  viewTitle: 24,
  viewButton: 24,
  privateMetadata: 3000,
  callbackId: 255,
  externalId: 255,
  // changelog 2018-04-truncating-really-long-messages: "messages containing more than 40,000
  // characters" are truncated (a warning, not an error; the reader still loses the end).
  messageText: 40_000,
  // Same changelog: "Previously, we asked you only to keep messages under 4,000 bytes"; longer
  // block-less messages may be "automatically broken into multiple messages". The practical limit.
  messageTextWithoutBlocks: 4000,
} as const;

const L = BLOCK_KIT_LIMITS;

/** The rules Slack does not refuse outright (see `Effect`); every other rule is `refused`. */
const EFFECTS: Record<string, Effect> = {
  'message.text.length': 'truncated',
  'message.text_without_blocks.length': 'split',
  'plain_text_input.initial_value.length': 'unusable',
  'number_input.initial_value.range': 'unusable',
};

// ── element families (block-kit/blocks/*-block, "Compatible block elements") ─────────────────────

const SINGLE_SELECTS = ['static_select', 'external_select', 'users_select', 'conversations_select', 'channels_select'];
const MULTI_SELECTS = SINGLE_SELECTS.map((type) => `multi_${type}`);
const SELECTS = [...SINGLE_SELECTS, ...MULTI_SELECTS];

/** blocks/section-block: accessory is "One of the compatible element objects". */
const SECTION_ACCESSORIES = new Set([
  'button', 'checkboxes', 'datepicker', 'image', 'overflow', 'radio_buttons', 'timepicker', 'workflow_button', ...SELECTS,
]);
/** blocks/actions-block: "Compatible block elements". */
const ACTIONS_ELEMENTS = new Set([
  'button', 'checkboxes', 'datepicker', 'datetimepicker', 'overflow', 'radio_buttons', 'timepicker', 'workflow_button',
  'rich_text_input', ...SELECTS,
]);
/** blocks/input-block: the input elements. Inputs (text, number, e-mail, URL, file) live only here. */
const INPUT_ELEMENTS = new Set([
  'checkboxes', 'datepicker', 'datetimepicker', 'email_text_input', 'file_input', 'number_input', 'plain_text_input',
  'radio_buttons', 'rich_text_input', 'timepicker', 'url_text_input', ...SELECTS,
]);
/** blocks/context-block: "An array of image elements and text objects." */
const CONTEXT_ELEMENTS = new Set(['image', 'plain_text', 'mrkdwn']);

/** block-kit/blocks: the block types Slack knows (anything else is refused). */
const BLOCK_TYPES = new Set([
  'actions', 'context', 'divider', 'file', 'header', 'image', 'input', 'markdown', 'rich_text', 'section', 'video', 'table',
]);

// ── the walk ─────────────────────────────────────────────────────────────────────────────────────

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json => typeof value === 'object' && value !== null && !Array.isArray(value);

/** Slack's "characters": code points. Fast path for the common short string. */
function charCount(text: string): number {
  let count = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    // A high surrogate followed by a low one is one character.
    if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      const next = text.charCodeAt(i + 1);
      if (next >= 0xdc00 && next <= 0xdfff) i++;
    }
    count++;
  }
  return count;
}

const shown = (value: unknown): string => {
  const text = typeof value === 'string' ? value : JSON.stringify(value) ?? String(value);
  return text.length > 80 ? `${text.slice(0, 79)}…` : text;
};

class Walk {
  readonly violations: Violation[] = [];

  add(path: string, rule: string, actual: string | number, message: string, limit?: string | number): void {
    this.violations.push({ path: path || '/', rule, effect: EFFECTS[rule] ?? 'refused', actual, message, ...(limit !== undefined ? { limit } : {}) });
  }

  /** A string field of at most `max` characters (at least `min`), when present (or when `required`). */
  string(path: string, value: unknown, rule: string, max: number, options: { required?: boolean; min?: number } = {}): void {
    if (value === undefined) {
      if (options.required) this.add(path, `${rule}.required`, 'missing', 'missing required field');
      return;
    }
    if (typeof value !== 'string') {
      this.add(path, `${rule}.type`, shown(value), 'must be a string');
      return;
    }
    const min = options.min ?? 0;
    if (value.length <= max && value.length >= min) {
      // Code points never outnumber UTF-16 units; only a too-short check needs the exact count.
      if (min === 0 || charCount(value) >= min) return;
    }
    const count = charCount(value);
    if (count > max) this.add(path, `${rule}.length`, count, `must be at most ${max} characters`, max);
    if (count < min) this.add(path, `${rule}.length`, count, `must be at least ${min} character${min === 1 ? '' : 's'}`, min);
  }

  /**
   * A text object (composition-objects/text-object): `type` plain_text or mrkdwn, `text` 1..3000
   * characters and at most `max`; `emoji` only on plain_text, `verbatim` only on mrkdwn.
   */
  text(path: string, value: unknown, rule: string, options: { max?: number; plainOnly?: boolean; required?: boolean } = {}): void {
    if (value === undefined) {
      if (options.required) this.add(path, `${rule}.required`, 'missing', 'missing required field');
      return;
    }
    if (!isObject(value)) {
      this.add(path, `${rule}.type`, shown(value), 'must be a text object');
      return;
    }
    if (value.type !== 'plain_text' && value.type !== 'mrkdwn') {
      this.add(`${path}/type`, `${rule}.type`, shown(value.type), 'must be plain_text or mrkdwn');
    } else if (options.plainOnly && value.type !== 'plain_text') {
      // e.g. header-block "in the form of a plain_text text object"; button-element "Can only be of type: plain_text".
      this.add(`${path}/type`, `${rule}.plain_text`, value.type, 'must be a plain_text text object');
    }
    // text-object: "emoji ... only usable when type is plain_text"; "verbatim ... only usable when type is mrkdwn".
    if (value.type === 'mrkdwn' && 'emoji' in value) this.add(`${path}/emoji`, 'text.emoji.plain_text_only', 'mrkdwn', 'emoji is only usable on plain_text');
    if (value.type === 'plain_text' && 'verbatim' in value) this.add(`${path}/verbatim`, 'text.verbatim.mrkdwn_only', 'plain_text', 'verbatim is only usable on mrkdwn');
    this.string(`${path}/text`, value.text, rule, Math.min(options.max ?? L.textObject, L.textObject), { required: true, min: 1 });
  }

  /** A count of items in an array field: `min`..`max`. Returns the array (or [] when it is not one). */
  array(path: string, value: unknown, rule: string, max: number, options: { min?: number; required?: boolean } = {}): unknown[] {
    if (value === undefined) {
      if (options.required) this.add(path, `${rule}.required`, 'missing', 'missing required field');
      return [];
    }
    if (!Array.isArray(value)) {
      this.add(path, `${rule}.type`, shown(value), 'must be an array');
      return [];
    }
    if (value.length > max) this.add(path, `${rule}.count`, value.length, `no more than ${max} items allowed`, max);
    const min = options.min ?? 0;
    if (value.length < min) this.add(path, `${rule}.count`, value.length, `must have at least ${min} item${min === 1 ? '' : 's'}`, min);
    return value;
  }

  oneOf(path: string, value: unknown, rule: string, allowed: readonly string[]): void {
    if (value !== undefined && !allowed.includes(String(value))) {
      this.add(path, rule, shown(value), `must be one of: ${allowed.join(', ')}`);
    }
  }

  actionId(path: string, element: Json): void {
    // Every element page: action_id "Maximum length is 255 characters."
    this.string(`${path}/action_id`, element.action_id, 'action_id', L.actionId);
  }

  placeholder(path: string, element: Json): void {
    this.text(`${path}/placeholder`, element.placeholder, 'placeholder', { max: L.placeholder, plainOnly: true });
  }

  /** composition-objects/confirmation-dialog-object. */
  confirm(path: string, value: unknown): void {
    if (value === undefined) return;
    if (!isObject(value)) {
      this.add(path, 'confirm.type', shown(value), 'must be a confirm object');
      return;
    }
    this.text(`${path}/title`, value.title, 'confirm.title', { max: L.confirmTitle, plainOnly: true, required: true });
    this.text(`${path}/text`, value.text, 'confirm.text', { max: L.confirmText, required: true });
    this.text(`${path}/confirm`, value.confirm, 'confirm.confirm', { max: L.confirmButton, plainOnly: true, required: true });
    this.text(`${path}/deny`, value.deny, 'confirm.deny', { max: L.confirmButton, plainOnly: true, required: true });
    this.oneOf(`${path}/style`, value.style, 'confirm.style', ['primary', 'danger']);
  }

  /**
   * composition-objects/option-object: text ≤ 75 ("Overflow, select, and multi-select menus can only
   * use plain_text objects, while radio buttons and checkboxes can use mrkdwn"), value ≤ 150,
   * description ≤ 75, url ≤ 3000 and "only available in overflow menus".
   */
  option(path: string, value: unknown, kind: { plainOnly: boolean; url: boolean }): void {
    if (!isObject(value)) {
      this.add(path, 'option.type', shown(value), 'must be an option object');
      return;
    }
    this.text(`${path}/text`, value.text, 'option.text', { max: L.optionText, plainOnly: kind.plainOnly, required: true });
    this.string(`${path}/value`, value.value, 'option.value', L.optionValue, { required: true });
    this.text(`${path}/description`, value.description, 'option.description', { max: L.optionDescription, plainOnly: kind.plainOnly });
    if (value.url !== undefined) {
      if (kind.url) this.string(`${path}/url`, value.url, 'option.url', L.optionUrl);
      else this.add(`${path}/url`, 'option.url.overflow_only', shown(value.url), 'url is only available in overflow menus');
    }
  }

  options(path: string, list: unknown[], kind: { plainOnly: boolean; url: boolean }): void {
    list.forEach((option, i) => this.option(`${path}/${i}`, option, kind));
  }

  /** composition-objects/option-group-object: label plain_text ≤ 75, options ≤ 100. Returns all options. */
  optionGroups(path: string, list: unknown[]): unknown[] {
    const all: unknown[] = [];
    list.forEach((group, i) => {
      const at = `${path}/${i}`;
      if (!isObject(group)) {
        this.add(at, 'option_group.type', shown(group), 'must be an option group object');
        return;
      }
      this.text(`${at}/label`, group.label, 'option_group.label', { max: L.optionGroupLabel, plainOnly: true, required: true });
      const options = this.array(`${at}/options`, group.options, 'option_group.options', L.optionGroupOptions, { required: true, min: 1 });
      this.options(`${at}/options`, options, { plainOnly: true, url: false });
      all.push(...options);
    });
    return all;
  }

  /**
   * `initial_option` must be one of `options`, `initial_options` a non-empty subset: the element pages
   * say "exactly matches one or more of the options". Slack answers a mismatch with "must be one of
   * the provided options", and also refuses an empty `initial_options` array with that message.
   */
  initialOptions(path: string, element: Json, available: unknown[]): void {
    if (element.initial_option !== undefined && !available.some((option) => sameOption(option, element.initial_option))) {
      this.add(`${path}/initial_option`, 'initial_option.in_options', shown(optionValue(element.initial_option)), 'must be one of the provided options');
    }
    if (element.initial_options === undefined) return;
    if (!Array.isArray(element.initial_options)) {
      this.add(`${path}/initial_options`, 'initial_options.type', shown(element.initial_options), 'must be an array');
      return;
    }
    if (element.initial_options.length === 0) {
      this.add(`${path}/initial_options`, 'initial_options.in_options', 0, 'must be one of the provided options (an empty list is refused)');
    }
    element.initial_options.forEach((initial, i) => {
      if (!available.some((option) => sameOption(option, initial))) {
        this.add(`${path}/initial_options/${i}`, 'initial_options.in_options', shown(optionValue(initial)), 'must be one of the provided options');
      }
    });
  }
}

/**
 * Two options are the same when Slack would show and send the same thing: text (type and words),
 * value, description and url. `emoji` is a rendering flag Slack fills in on its own (a view comes
 * back with `emoji: true` on every plain_text), so it is not part of the comparison.
 */
function sameOption(a: unknown, b: unknown): boolean {
  if (!isObject(a) || !isObject(b)) return false;
  return a.value === b.value && a.url === b.url && sameText(a.text, b.text) && sameText(a.description, b.description);
}

function sameText(a: unknown, b: unknown): boolean {
  if (a === undefined || b === undefined) return a === b;
  return isObject(a) && isObject(b) && a.type === b.type && a.text === b.text;
}

const optionValue = (option: unknown): unknown => (isObject(option) ? option.value : option);

// ── elements ─────────────────────────────────────────────────────────────────────────────────────

function checkElement(walk: Walk, path: string, element: unknown, focus: { count: number }): void {
  if (!isObject(element)) {
    walk.add(path, 'element.type', shown(element), 'must be an element object');
    return;
  }
  // extensions: focus_on_load "Only one element can be set to true" in a view.
  if (element.focus_on_load === true) focus.count++;
  walk.confirm(`${path}/confirm`, element.confirm);
  const type = String(element.type);
  switch (type) {
    case 'button':
      // block-elements/button-element
      walk.text(`${path}/text`, element.text, 'button.text', { max: L.buttonText, plainOnly: true, required: true });
      walk.actionId(path, element);
      walk.string(`${path}/value`, element.value, 'button.value', L.buttonValue);
      walk.string(`${path}/url`, element.url, 'button.url', L.buttonUrl);
      walk.string(`${path}/accessibility_label`, element.accessibility_label, 'button.accessibility_label', L.accessibilityLabel);
      walk.oneOf(`${path}/style`, element.style, 'button.style', ['primary', 'danger']);
      return;
    case 'overflow': {
      // block-elements/overflow-menu-element: "An array of up to five option objects"; url allowed.
      walk.actionId(path, element);
      const options = walk.array(`${path}/options`, element.options, 'overflow.options', L.overflowOptionsMax, { required: true, min: L.overflowOptionsMin });
      walk.options(`${path}/options`, options, { plainOnly: true, url: true });
      return;
    }
    case 'checkboxes':
    case 'radio_buttons': {
      // checkboxes-element / radio-button-group-element: at most 10 options; mrkdwn allowed in options.
      walk.actionId(path, element);
      const max = type === 'checkboxes' ? L.checkboxOptions : L.radioOptions;
      const options = walk.array(`${path}/options`, element.options, `${type}.options`, max, { required: true, min: 1 });
      walk.options(`${path}/options`, options, { plainOnly: false, url: false });
      walk.initialOptions(path, element, options);
      return;
    }
    case 'static_select':
    case 'multi_static_select': {
      // select-menu-element / multi-select-menu-element: options ≤ 100 or option_groups ≤ 100,
      // "If option_groups is specified, this field should not be."
      walk.actionId(path, element);
      walk.placeholder(path, element);
      const hasOptions = element.options !== undefined;
      const hasGroups = element.option_groups !== undefined;
      if (hasOptions === hasGroups) {
        walk.add(path, `${type}.options.exactly_one`, hasOptions ? 'both' : 'neither', 'must have either options or option_groups');
      }
      const options = walk.array(`${path}/options`, element.options, `${type}.options`, L.selectOptions, { min: 1 });
      walk.options(`${path}/options`, options, { plainOnly: true, url: false });
      const groups = walk.array(`${path}/option_groups`, element.option_groups, `${type}.option_groups`, L.selectOptionGroups, { min: 1 });
      const grouped = walk.optionGroups(`${path}/option_groups`, groups);
      walk.initialOptions(path, element, [...options, ...grouped]);
      checkMaxSelected(walk, path, element);
      return;
    }
    case 'external_select':
    case 'multi_external_select':
      // select-menu-element#external_select: the initial option(s) are not among any listed options,
      // so only their own shape is checked.
      walk.actionId(path, element);
      walk.placeholder(path, element);
      if (element.initial_option !== undefined) walk.option(`${path}/initial_option`, element.initial_option, { plainOnly: true, url: false });
      if (Array.isArray(element.initial_options)) {
        walk.options(`${path}/initial_options`, element.initial_options, { plainOnly: true, url: false });
      }
      checkMaxSelected(walk, path, element);
      return;
    case 'users_select':
    case 'conversations_select':
    case 'channels_select':
    case 'multi_users_select':
    case 'multi_conversations_select':
    case 'multi_channels_select':
      walk.actionId(path, element);
      walk.placeholder(path, element);
      checkMaxSelected(walk, path, element);
      return;
    case 'datepicker':
      // block-elements/date-picker-element: initial_date "in the format YYYY-MM-DD".
      walk.actionId(path, element);
      walk.placeholder(path, element);
      if (element.initial_date !== undefined && !isCalendarDate(element.initial_date)) {
        walk.add(`${path}/initial_date`, 'datepicker.initial_date.format', shown(element.initial_date), 'must be a date in the format YYYY-MM-DD');
      }
      return;
    case 'timepicker':
      // block-elements/time-picker-element: initial_time "in the format HH:mm" (24-hour).
      walk.actionId(path, element);
      walk.placeholder(path, element);
      if (element.initial_time !== undefined && !/^([01]\d|2[0-3]):[0-5]\d$/.test(String(element.initial_time))) {
        walk.add(`${path}/initial_time`, 'timepicker.initial_time.format', shown(element.initial_time), 'must be a time in the format HH:mm');
      }
      return;
    case 'plain_text_input':
      checkPlainTextInput(walk, path, element);
      return;
    case 'number_input':
      checkNumberInput(walk, path, element);
      return;
    case 'email_text_input':
    case 'url_text_input':
    case 'rich_text_input':
    case 'datetimepicker':
      walk.actionId(path, element);
      walk.placeholder(path, element);
      return;
    case 'file_input':
      // block-elements/file-input-element: max_files "Minimum of 1, maximum of 10."
      walk.actionId(path, element);
      if (element.max_files !== undefined) {
        const max = Number(element.max_files);
        if (!Number.isInteger(max) || max < 1 || max > L.fileInputMaxFiles) {
          walk.add(`${path}/max_files`, 'file_input.max_files.range', shown(element.max_files), `must be between 1 and ${L.fileInputMaxFiles}`, L.fileInputMaxFiles);
        }
      }
      return;
    case 'image':
      checkImage(walk, path, element, 'image_element');
      return;
    case 'workflow_button':
      walk.text(`${path}/text`, element.text, 'workflow_button.text', { max: L.buttonText, plainOnly: true, required: true });
      walk.actionId(path, element);
      return;
    default:
      walk.add(`${path}/type`, 'element.type.unknown', shown(element.type), 'unknown element type');
  }
}

/** extensions: max_selected_items "Minimum number is 1." */
function checkMaxSelected(walk: Walk, path: string, element: Json): void {
  if (element.max_selected_items === undefined) return;
  const max = Number(element.max_selected_items);
  if (!Number.isInteger(max) || max < 1) walk.add(`${path}/max_selected_items`, 'max_selected_items.range', shown(element.max_selected_items), 'must be at least 1', 1);
}

/**
 * block-elements/plain-text-input-element: min_length 0..3000, max_length 1..3000. An
 * `initial_value` longer than `max_length` is not refused by the API, but "If the user provides
 * more, they will receive an error": the form could never be submitted unchanged, so it counts.
 */
function checkPlainTextInput(walk: Walk, path: string, element: Json): void {
  walk.actionId(path, element);
  walk.placeholder(path, element);
  const bound = (field: 'min_length' | 'max_length', low: number): number | undefined => {
    const value = element[field];
    if (value === undefined) return undefined;
    if (typeof value !== 'number' || !Number.isInteger(value) || value < low || value > L.inputLength) {
      walk.add(`${path}/${field}`, `plain_text_input.${field}.range`, shown(value), `must be between ${low} and ${L.inputLength}`, L.inputLength);
      return undefined;
    }
    return value;
  };
  const min = bound('min_length', 0);
  const max = bound('max_length', 1);
  if (min !== undefined && max !== undefined && min > max) {
    walk.add(`${path}/min_length`, 'plain_text_input.min_length.above_max', min, 'must not be greater than max_length', max);
  }
  if (element.initial_value !== undefined) {
    walk.string(`${path}/initial_value`, element.initial_value, 'plain_text_input.initial_value', max ?? L.inputLength);
  }
}

/**
 * block-elements/number-input-element: is_decimal_allowed is required; min_value "cannot be greater
 * than max_value". Values are numeric strings; an integer-only input needs integers, and an initial
 * value outside min..max could never be submitted unchanged.
 */
function checkNumberInput(walk: Walk, path: string, element: Json): void {
  walk.actionId(path, element);
  walk.placeholder(path, element);
  if (typeof element.is_decimal_allowed !== 'boolean') {
    walk.add(`${path}/is_decimal_allowed`, 'number_input.is_decimal_allowed.required', shown(element.is_decimal_allowed ?? 'missing'), 'missing required field');
  }
  const numberAt = (field: 'initial_value' | 'min_value' | 'max_value'): number | undefined => {
    const raw = element[field];
    if (raw === undefined) return undefined;
    const pattern = element.is_decimal_allowed === true ? /^-?\d+(\.\d+)?$/ : /^-?\d+$/;
    if (typeof raw !== 'string' || !pattern.test(raw)) {
      walk.add(`${path}/${field}`, `number_input.${field}.format`, shown(raw), element.is_decimal_allowed === true ? 'must be a number' : 'must be a whole number');
      return undefined;
    }
    return Number(raw);
  };
  const initial = numberAt('initial_value');
  const min = numberAt('min_value');
  const max = numberAt('max_value');
  if (min !== undefined && max !== undefined && min > max) walk.add(`${path}/min_value`, 'number_input.min_value.above_max', min, 'cannot be greater than max_value', max);
  if (initial !== undefined && ((min !== undefined && initial < min) || (max !== undefined && initial > max))) {
    walk.add(`${path}/initial_value`, 'number_input.initial_value.range', initial, 'must be between min_value and max_value');
  }
}

/** blocks/image-block and block-elements/image-element: alt_text ≤ 2000, image_url ≤ 3000. */
function checkImage(walk: Walk, path: string, image: Json, rule: string): void {
  walk.string(`${path}/alt_text`, image.alt_text, `${rule}.alt_text`, L.imageAltText, { required: true });
  if (image.image_url === undefined && image.slack_file === undefined) {
    walk.add(path, `${rule}.source.required`, 'missing', 'must have image_url or slack_file');
  }
  walk.string(`${path}/image_url`, image.image_url, `${rule}.image_url`, L.imageUrl);
}

function isCalendarDate(value: unknown): boolean {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

// ── blocks ───────────────────────────────────────────────────────────────────────────────────────

/** Checks a `blocks` array for a surface; `path` is where the array sits in the payload. */
export function checkBlocks(blocks: unknown, surface: BlockKitSurface, path = '/blocks'): Violation[] {
  const walk = new Walk();
  walkBlocks(walk, blocks, surface, path);
  return walk.violations;
}

function walkBlocks(walk: Walk, blocks: unknown, surface: BlockKitSurface, path: string): { hasInput: boolean } {
  const max = surface === 'message' ? L.blocksPerMessage : L.blocksPerView;
  const list = walk.array(path, blocks, 'blocks', max);
  const blockIds = new Map<string, number>();
  const focus = { count: 0 };
  let hasInput = false;
  list.forEach((block, i) => {
    const at = `${path}/${i}`;
    if (!isObject(block)) {
      walk.add(at, 'block.type', shown(block), 'must be a block object');
      return;
    }
    if (block.block_id !== undefined) {
      walk.string(`${at}/block_id`, block.block_id, 'block_id', L.blockId, { min: 1 });
      // Every block page: "block_id should be unique for each message or view"; Slack refuses a
      // duplicate (views: invalid_arguments, messages: invalid_blocks).
      const id = String(block.block_id);
      const first = blockIds.get(id);
      if (first !== undefined) walk.add(`${at}/block_id`, 'block_id.unique', id, `duplicate block_id (also used by block ${first})`);
      else blockIds.set(id, i);
    }
    if (block.type === 'input') hasInput = true;
    checkBlock(walk, at, block, focus);
  });
  if (focus.count > 1) walk.add(path, 'focus_on_load.unique', focus.count, 'only one element can have focus_on_load set to true', 1);
  return { hasInput };
}

function checkBlock(walk: Walk, path: string, block: Json, focus: { count: number }): void {
  const type = String(block.type);
  if (!BLOCK_TYPES.has(type)) {
    walk.add(`${path}/type`, 'block.type.unknown', shown(block.type), 'unknown block type');
    return;
  }
  switch (type) {
    case 'section': {
      // blocks/section-block: text 1..3000 ("Preferred"), or fields (≤ 10, ≤ 2000 each) instead.
      walk.text(`${path}/text`, block.text, 'section.text', { max: L.sectionText });
      const fields = walk.array(`${path}/fields`, block.fields, 'section.fields', L.sectionFields, { min: 1 });
      fields.forEach((field, i) => walk.text(`${path}/fields/${i}`, field, 'section.field', { max: L.sectionField }));
      if (block.text === undefined && block.fields === undefined) {
        walk.add(path, 'section.text_or_fields.required', 'missing', 'must have text or fields');
      }
      if (block.accessory !== undefined && allowedElement(walk, `${path}/accessory`, block.accessory, SECTION_ACCESSORIES, 'section.accessory')) {
        checkElement(walk, `${path}/accessory`, block.accessory, focus);
      }
      return;
    }
    case 'header':
      // blocks/header-block: "a plain_text text object. Maximum length ... 150 characters."
      walk.text(`${path}/text`, block.text, 'header.text', { max: L.headerText, plainOnly: true, required: true });
      return;
    case 'context': {
      // blocks/context-block: 1..10 image elements and text objects.
      const elements = walk.array(`${path}/elements`, block.elements, 'context.elements', L.contextElements, { required: true, min: 1 });
      elements.forEach((element, i) => {
        const at = `${path}/elements/${i}`;
        if (!allowedElement(walk, at, element, CONTEXT_ELEMENTS, 'context.element')) return;
        if ((element as Json).type === 'image') checkImage(walk, at, element as Json, 'image_element');
        else walk.text(at, element, 'context.text');
      });
      return;
    }
    case 'actions': {
      // blocks/actions-block: 1..25 interactive elements; action_id "Should be unique among all other
      // action_ids in the containing block" (element pages): Slack refuses duplicates.
      const elements = walk.array(`${path}/elements`, block.elements, 'actions.elements', L.actionsElements, { required: true, min: 1 });
      const actionIds = new Map<string, number>();
      elements.forEach((element, i) => {
        const at = `${path}/elements/${i}`;
        if (!allowedElement(walk, at, element, ACTIONS_ELEMENTS, 'actions.element')) return;
        checkElement(walk, at, element, focus);
        const actionId = (element as Json).action_id;
        if (typeof actionId !== 'string') return;
        const first = actionIds.get(actionId);
        if (first !== undefined) walk.add(`${at}/action_id`, 'action_id.unique_in_block', actionId, `duplicate action_id in this block (also element ${first})`);
        else actionIds.set(actionId, i);
      });
      return;
    }
    case 'input':
      // blocks/input-block: label plain_text ≤ 2000 (required), hint plain_text ≤ 2000, one input element;
      // "dispatch_action ... is incompatible with the file_input block element".
      walk.text(`${path}/label`, block.label, 'input.label', { max: L.inputLabel, plainOnly: true, required: true });
      walk.text(`${path}/hint`, block.hint, 'input.hint', { max: L.inputHint, plainOnly: true });
      if (block.element === undefined) {
        walk.add(`${path}/element`, 'input.element.required', 'missing', 'missing required field');
        return;
      }
      if (!allowedElement(walk, `${path}/element`, block.element, INPUT_ELEMENTS, 'input.element')) return;
      if (block.dispatch_action === true && (block.element as Json).type === 'file_input') {
        walk.add(`${path}/dispatch_action`, 'input.dispatch_action.file_input', 'file_input', 'dispatch_action is incompatible with file_input');
      }
      checkElement(walk, `${path}/element`, block.element, focus);
      return;
    case 'image':
      // blocks/image-block: alt_text ≤ 2000, image_url ≤ 3000, title plain_text ≤ 2000.
      checkImage(walk, path, block, 'image');
      walk.text(`${path}/title`, block.title, 'image.title', { max: L.imageTitle, plainOnly: true });
      return;
    case 'rich_text':
      // blocks/rich-text-block: elements is a required array of rich text sections, lists, quotes, preformatted.
      walk.array(`${path}/elements`, block.elements, 'rich_text.elements', Number.MAX_SAFE_INTEGER, { required: true, min: 1 });
      return;
    default:
      // divider, file, markdown, video, table: no limit the bot relies on is checked here.
      return;
  }
}

/** Whether `element` is an object of one of the `allowed` types; records the violation if not. */
function allowedElement(walk: Walk, path: string, element: unknown, allowed: Set<string>, rule: string): boolean {
  if (!isObject(element)) {
    walk.add(path, `${rule}.type`, shown(element), 'must be an element object');
    return false;
  }
  if (!allowed.has(String(element.type))) {
    walk.add(`${path}/type`, `${rule}.type`, shown(element.type), `${String(element.type)} is not allowed here`);
    return false;
  }
  return true;
}

// ── surfaces ─────────────────────────────────────────────────────────────────────────────────────

/**
 * A message as sent to chat.postMessage, chat.postEphemeral, chat.update, chat.scheduleMessage or a
 * response_url: `blocks` (≤ 50) and `text`.
 */
export function checkMessage(payload: unknown): Violation[] {
  const walk = new Walk();
  if (!isObject(payload)) {
    walk.add('/', 'message.type', shown(payload), 'must be an object');
    return walk.violations;
  }
  if (payload.blocks !== undefined) walkBlocks(walk, payload.blocks, 'message', '/blocks');
  if (payload.text !== undefined) {
    const hasBlocks = Array.isArray(payload.blocks) && payload.blocks.length > 0;
    // With blocks, `text` is only the notification fallback; without, it is the message.
    walk.string('/text', payload.text, hasBlocks ? 'message.text' : 'message.text_without_blocks', hasBlocks ? L.messageText : L.messageTextWithoutBlocks);
  }
  return walk.violations;
}

/** A view as sent to views.open, views.update, views.push (modal) or views.publish (home). */
export function checkView(view: unknown): Violation[] {
  const walk = new Walk();
  if (!isObject(view)) {
    walk.add('/', 'view.type', shown(view), 'must be a view object');
    return walk.violations;
  }
  if (view.type !== 'modal' && view.type !== 'home') {
    walk.add('/type', 'view.type', shown(view.type), 'must be modal or home');
    return walk.violations;
  }
  const surface: BlockKitSurface = view.type;
  const { hasInput } = walkBlocks(walk, view.blocks, surface, '/blocks');
  if (view.blocks === undefined) walk.add('/blocks', 'blocks.required', 'missing', 'missing required field');
  // views/modal-views and views/home-tab-views: private_metadata ≤ 3000, callback_id ≤ 255;
  // methods/views.open: external_id ≤ 255.
  walk.string('/private_metadata', view.private_metadata, 'view.private_metadata', L.privateMetadata);
  walk.string('/callback_id', view.callback_id, 'view.callback_id', L.callbackId);
  walk.string('/external_id', view.external_id, 'view.external_id', L.externalId);
  if (surface === 'modal') {
    // views/modal-views: title required, plain_text ≤ 24; close and submit plain_text ≤ 24;
    // "submit is required when an input block is within the blocks array".
    walk.text('/title', view.title, 'modal.title', { max: L.viewTitle, plainOnly: true, required: true });
    walk.text('/close', view.close, 'modal.close', { max: L.viewButton, plainOnly: true });
    walk.text('/submit', view.submit, 'modal.submit', { max: L.viewButton, plainOnly: true });
    if (hasInput && view.submit === undefined) walk.add('/submit', 'modal.submit.required_with_inputs', 'missing', 'submit is required when the view has input blocks');
  }
  return walk.violations;
}

/**
 * The answer to a `block_suggestion` (an external select's options request): either `options` or
 * `option_groups`, each at most 100 (select-menu-element#external_select), plain_text options.
 */
export function checkOptions(response: unknown): Violation[] {
  const walk = new Walk();
  if (!isObject(response)) {
    walk.add('/', 'options_response.type', shown(response), 'must be an object');
    return walk.violations;
  }
  if ((response.options === undefined) === (response.option_groups === undefined)) {
    walk.add('/', 'options_response.exactly_one', response.options === undefined ? 'neither' : 'both', 'must have either options or option_groups');
  }
  const options = walk.array('/options', response.options, 'options_response.options', L.selectOptions);
  walk.options('/options', options, { plainOnly: true, url: false });
  const groups = walk.array('/option_groups', response.option_groups, 'options_response.option_groups', L.selectOptionGroups);
  walk.optionGroups('/option_groups', groups);
  return walk.violations;
}

/** Slack's own wording for one violation: `[ERROR] must be at most 3000 characters [json-pointer:/blocks/0/text/text]`. */
export function describeViolation(violation: Violation, pointerPrefix = ''): string {
  return `[ERROR] ${violation.message} (${violation.rule}: ${violation.actual}) [json-pointer:${pointerPrefix}${violation.path}]`;
}
