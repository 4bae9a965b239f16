/**
 * Block Kit's interactive elements as HTML controls: buttons (with their confirm dialogs and links),
 * selects (static, external with live options, users, conversations, multi), overflow menus, date and
 * time pickers, checkboxes, radio buttons, text/number/e-mail/URL inputs and file inputs.
 *
 * A control keeps its value in the surface's state (./state.ts) and tells the app about a change the way
 * Slack does: at once for elements in actions blocks and section accessories, and for input-block
 * elements only when the block asks (`dispatch_action`; text inputs on Enter).
 */
import { h, openMenu, rendered, uniqueId } from './dom.js';
import type { JsonObject, OptionsAnswer, PersonView, UploadedFile } from './protocol.js';
import type { SurfaceState } from './state.js';
import { plainHtml, type TextContext, textObjectHtml, textObjectPlain } from './text.js';

/** What elements of one surface (a message, a modal, the Home tab) need from the page. */
export interface Surface {
  state: SurfaceState;
  text: TextContext;
  people: PersonView[];
  channels: { id: string; name: string }[];
  /** Inline errors by block id (`response_action: errors`, or the client's own checks). */
  errors: Record<string, string>;
  /** Sends a block action (with the surface's current state). */
  act(action: JsonObject & { action_id: string; block_id: string; type: string }): void;
  /** Asks the app for an external select's options. */
  suggest(blockId: string, actionId: string, value: string): Promise<OptionsAnswer>;
  upload(file: File): Promise<UploadedFile>;
  /** Shows a confirm dialog; resolves true when confirmed. */
  confirm(dialog: JsonObject): Promise<boolean>;
}

/** Where an element sits: it decides whether a change is sent to the app. */
export type Placement = 'actions' | 'accessory' | 'input' | 'dispatching-input' | 'context';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);
const options = (value: unknown): JsonObject[] => (Array.isArray(value) ? value.filter(isObject) : []);
const sends = (placement: Placement) => placement !== 'input' && placement !== 'context';
/** An input block's label names its control; elsewhere the control names itself (by its placeholder). */
const ownName = (ctx: { placement: Placement }, name: string) => (ctx.placement === 'input' || ctx.placement === 'dispatching-input' ? undefined : name);

type Element = JsonObject & { type: string; action_id?: string };

interface Ctx {
  element: Element;
  blockId: string;
  surface: Surface;
  placement: Placement;
  /** The id of the control, for the input block's <label for>. */
  controlId: string;
}

export function renderElement(element: JsonObject, blockId: string, surface: Surface, placement: Placement, controlId = uniqueId('el')): HTMLElement {
  const ctx: Ctx = { element: element as Element, blockId, surface, placement, controlId };
  switch (String(element.type)) {
    case 'button':
      return button(ctx);
    case 'image':
      return h('img', { class: 'bk-image-element', src: String(element.image_url ?? ''), alt: String(element.alt_text ?? '') });
    case 'static_select':
    case 'users_select':
    case 'conversations_select':
    case 'channels_select':
    case 'multi_static_select':
    case 'multi_users_select':
    case 'multi_conversations_select':
    case 'multi_channels_select':
      return nativeSelect(ctx);
    case 'external_select':
      return externalSelect(ctx);
    case 'overflow':
      return overflow(ctx);
    case 'datepicker':
    case 'timepicker':
    case 'datetimepicker':
      return picker(ctx);
    case 'checkboxes':
    case 'radio_buttons':
      return choices(ctx);
    case 'plain_text_input':
    case 'number_input':
    case 'email_text_input':
    case 'url_text_input':
      return textInput(ctx);
    case 'file_input':
      return fileInput(ctx);
    default:
      return h('span', { class: 'bk-unsupported' }, `(${String(element.type)} is not shown in the playground)`);
  }
}

/** Sends the element's action, after its confirm dialog when it has one. */
async function dispatch(ctx: Ctx, fields: JsonObject): Promise<boolean> {
  if (isObject(ctx.element.confirm) && !(await ctx.surface.confirm(ctx.element.confirm))) return false;
  ctx.surface.act({ ...fields, action_id: String(ctx.element.action_id), block_id: ctx.blockId, type: ctx.element.type });
  return true;
}

function remember(ctx: Ctx, value: JsonObject): void {
  if (ctx.element.action_id) ctx.surface.state.set(ctx.blockId, ctx.element.action_id, { type: ctx.element.type, ...value });
}

function current(ctx: Ctx): JsonObject {
  return (ctx.element.action_id ? ctx.surface.state.get(ctx.blockId, ctx.element.action_id) : undefined) ?? {};
}

function button(ctx: Ctx): HTMLElement {
  const { element } = ctx;
  const style = element.style === 'primary' || element.style === 'danger' ? ` bk-button-${element.style}` : '';
  const control = rendered('button', `bk-button${style}`, plainHtml(textObjectPlain(element.text)));
  control.type = 'button';
  if (typeof element.accessibility_label === 'string') control.setAttribute('aria-label', element.accessibility_label);
  if (typeof element.url === 'string') control.title = element.url;
  control.addEventListener('click', () => {
    void (async () => {
      if (isObject(element.confirm) && !(await ctx.surface.confirm(element.confirm))) return;
      // A link button opens its page and still sends the action (the app must acknowledge it).
      if (typeof element.url === 'string') window.open(element.url, '_blank', 'noopener');
      ctx.surface.act({ action_id: String(element.action_id), block_id: ctx.blockId, type: 'button', ...(element.value !== undefined ? { value: element.value } : {}) });
    })();
  });
  return control;
}

const placeholderOf = (element: Element, fallback: string) => textObjectPlain(element.placeholder) || fallback;

/** The options of a static select (groups kept), or the workspace's people and channels. */
function nativeChoices(ctx: Ctx): { groups: { label?: string; items: { value: string; label: string; option?: JsonObject }[] }[]; valueOf: (item: { value: string; option?: JsonObject }) => unknown } {
  const type = ctx.element.type.replace(/^multi_/, '');
  if (type === 'users_select') {
    return {
      groups: [{ items: ctx.surface.people.filter((person) => !person.isBot).map((person) => ({ value: person.id, label: `${person.realName} (${person.name})` })) }],
      valueOf: (item) => item.value,
    };
  }
  if (type === 'conversations_select' || type === 'channels_select') {
    return { groups: [{ items: ctx.surface.channels.map((channel) => ({ value: channel.id, label: `#${channel.name}` })) }], valueOf: (item) => item.value };
  }
  const toItem = (option: JsonObject) => ({ value: String(option.value ?? ''), label: textObjectPlain(option.text), option });
  const groups = options(ctx.element.option_groups).map((group) => ({ label: textObjectPlain(group.label), items: options(group.options).map(toItem) }));
  return { groups: groups.length > 0 ? groups : [{ items: options(ctx.element.options).map(toItem) }], valueOf: (item) => item.option };
}

const SELECTED_FIELD: Record<string, [single: string, multi: string]> = {
  static_select: ['selected_option', 'selected_options'],
  users_select: ['selected_user', 'selected_users'],
  conversations_select: ['selected_conversation', 'selected_conversations'],
  channels_select: ['selected_channel', 'selected_channels'],
};

function nativeSelect(ctx: Ctx): HTMLElement {
  const multi = ctx.element.type.startsWith('multi_');
  const [single, many] = SELECTED_FIELD[ctx.element.type.replace(/^multi_/, '')] ?? ['selected_option', 'selected_options'];
  const field = multi ? many : single;
  const { groups, valueOf } = nativeChoices(ctx);
  const chosen = current(ctx)[field];
  const chosenValues = new Set(
    (Array.isArray(chosen) ? chosen : chosen === null || chosen === undefined ? [] : [chosen]).map((value) => (isObject(value) ? String(value.value) : String(value))),
  );
  const label = placeholderOf(ctx.element, multi ? 'Select options' : 'Select an item');
  const select = h('select', { id: ctx.controlId, class: 'bk-select', multiple: multi, 'aria-label': ownName(ctx, label) });
  if (!multi) select.append(h('option', { value: '', disabled: true, selected: chosenValues.size === 0 }, label));
  const all: { value: string; option?: JsonObject }[] = [];
  for (const group of groups) {
    const target = group.label ? h('optgroup', { label: group.label }) : select;
    for (const item of group.items) {
      all.push(item);
      target.append(h('option', { value: item.value, selected: chosenValues.has(item.value) }, item.label));
    }
    if (target !== select) select.append(target);
  }
  let previous = select.value;
  select.addEventListener('change', () => {
    const picked = [...select.selectedOptions].map((option) => all.find((item) => item.value === option.value)).filter((item) => item !== undefined);
    const value = multi ? picked.map(valueOf) : (picked[0] ? valueOf(picked[0]) : null);
    void (async () => {
      if (isObject(ctx.element.confirm) && !(await ctx.surface.confirm(ctx.element.confirm))) {
        select.value = previous;
        return;
      }
      previous = select.value;
      remember(ctx, { [field]: value });
      if (sends(ctx.placement)) ctx.surface.act({ action_id: String(ctx.element.action_id), block_id: ctx.blockId, type: ctx.element.type, [field]: value });
    })();
  });
  return select;
}

/** A select whose options the app answers as the person types (`block_suggestion`). */
function externalSelect(ctx: Ctx): HTMLElement {
  const minLength = typeof ctx.element.min_query_length === 'number' ? ctx.element.min_query_length : 3;
  const chosen = current(ctx).selected_option;
  const listId = uniqueId('options');
  const input = h('input', {
    id: ctx.controlId,
    class: 'bk-input bk-combobox',
    role: 'combobox',
    'aria-autocomplete': 'list',
    'aria-expanded': 'false',
    'aria-controls': listId,
    autocomplete: 'off',
    placeholder: placeholderOf(ctx.element, 'Type to search'),
    value: isObject(chosen) ? textObjectPlain(chosen.text) : '',
  });
  const list = h('ul', { id: listId, class: 'bk-listbox', role: 'listbox', hidden: true });
  const wrapper = h('div', { class: 'bk-combobox-wrapper' }, input, list);
  let asked = 0;
  let timer: number | undefined;
  const close = () => {
    list.hidden = true;
    input.setAttribute('aria-expanded', 'false');
  };
  const choose = (option: JsonObject) => {
    input.value = textObjectPlain(option.text);
    close();
    remember(ctx, { selected_option: option });
    if (sends(ctx.placement)) void dispatch(ctx, { selected_option: option });
  };
  const show = (answer: OptionsAnswer) => {
    list.replaceChildren();
    const groups = answer.optionGroups?.length ? answer.optionGroups.map((group) => ({ label: textObjectPlain(group.label), items: options(group.options) })) : [{ label: '', items: answer.options }];
    for (const group of groups) {
      if (group.label) list.append(h('li', { class: 'bk-listbox-group', role: 'presentation' }, group.label));
      for (const option of group.items) {
        const item = rendered('li', 'bk-listbox-option', plainHtml(textObjectPlain(option.text)));
        item.setAttribute('role', 'option');
        item.addEventListener('mousedown', (event) => {
          event.preventDefault();
          choose(option);
        });
        list.append(item);
      }
    }
    if (answer.refused) list.append(h('li', { class: 'bk-listbox-note bk-error' }, 'Slack refused the app’s options (see the notice).'));
    else if (list.childElementCount === 0) list.append(h('li', { class: 'bk-listbox-note' }, 'No results'));
    list.hidden = false;
    input.setAttribute('aria-expanded', 'true');
  };
  const ask = () => {
    const query = input.value;
    if (query.length < minLength) return close();
    const mine = ++asked;
    void ctx.surface.suggest(ctx.blockId, String(ctx.element.action_id), query).then((answer) => {
      if (mine === asked && document.activeElement === input) show(answer);
    });
  };
  input.addEventListener('input', () => {
    window.clearTimeout(timer);
    timer = window.setTimeout(ask, 250);
  });
  input.addEventListener('focus', () => {
    if (minLength === 0 || input.value.length >= minLength) ask();
  });
  input.addEventListener('blur', () => window.setTimeout(close, 150));
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Escape') close();
    if (event.key === 'Enter') {
      event.preventDefault();
      const first = list.querySelector<HTMLElement>('[role=option]');
      first?.dispatchEvent(new MouseEvent('mousedown'));
    }
  });
  return wrapper;
}

/** The ⋯ menu: each option is an action (or a link). */
function overflow(ctx: Ctx): HTMLElement {
  const menuId = uniqueId('menu');
  const toggle = h('button', { type: 'button', class: 'bk-overflow', 'aria-label': 'More options', 'aria-haspopup': 'menu', 'aria-controls': menuId }, '⋯');
  const menu = h('div', { id: menuId, class: 'bk-menu', role: 'menu', hidden: true });
  for (const option of options(ctx.element.options)) {
    const item = rendered('button', 'bk-menu-item', plainHtml(textObjectPlain(option.text)));
    item.type = 'button';
    item.setAttribute('role', 'menuitem');
    item.addEventListener('click', () => {
      menu.hidden = true;
      if (typeof option.url === 'string') window.open(option.url, '_blank', 'noopener');
      void dispatch(ctx, { selected_option: option });
    });
    menu.append(item);
  }
  toggle.addEventListener('click', (event) => {
    event.stopPropagation();
    if (menu.hidden) openMenu(toggle, menu);
    else menu.hidden = true;
  });
  return h('span', { class: 'bk-overflow-wrapper' }, toggle, menu);
}

/** Date, time and date-time pickers, as the browser's own. */
function picker(ctx: Ctx): HTMLElement {
  const kind = ctx.element.type;
  const state = current(ctx);
  const field = kind === 'datepicker' ? 'selected_date' : kind === 'timepicker' ? 'selected_time' : 'selected_date_time';
  let value = '';
  if (kind === 'datetimepicker' && typeof state.selected_date_time === 'number') value = new Date(state.selected_date_time * 1000).toISOString().slice(0, 16);
  else if (typeof state[field] === 'string') value = String(state[field]);
  const input = h('input', {
    id: ctx.controlId,
    class: 'bk-input bk-picker',
    type: kind === 'datepicker' ? 'date' : kind === 'timepicker' ? 'time' : 'datetime-local',
    value,
    'aria-label': ownName(ctx, placeholderOf(ctx.element, kind === 'datepicker' ? 'Select a date' : 'Select a time')),
  });
  input.addEventListener('change', () => {
    // datetime-local is read in the browser's zone (Slack reads it in the person's).
    const picked = kind === 'datetimepicker' ? (input.value ? Math.floor(new Date(input.value).getTime() / 1000) : null) : input.value || null;
    remember(ctx, { [field]: picked });
    if (sends(ctx.placement)) void dispatch(ctx, { [field]: picked });
  });
  return input;
}

function choices(ctx: Ctx): HTMLElement {
  const radio = ctx.element.type === 'radio_buttons';
  const state = current(ctx);
  const selected = new Set(
    (radio ? [state.selected_option] : Array.isArray(state.selected_options) ? state.selected_options : []).filter(isObject).map((option) => String(option.value)),
  );
  const name = uniqueId('choice');
  const all = options(ctx.element.options);
  const group = h('div', { id: ctx.controlId, class: 'bk-choices', role: radio ? 'radiogroup' : 'group' });
  for (const option of all) {
    const id = uniqueId('option');
    const box = h('input', { id, type: radio ? 'radio' : 'checkbox', name, value: String(option.value), checked: selected.has(String(option.value)) });
    box.addEventListener('change', () => {
      const picked = all.filter((candidate) => group.querySelector<HTMLInputElement>(`input[value="${CSS.escape(String(candidate.value))}"]`)?.checked);
      const value = radio ? { selected_option: picked[0] ?? null } : { selected_options: picked };
      remember(ctx, value);
      if (sends(ctx.placement)) void dispatch(ctx, value);
    });
    const label = h('label', { for: id, class: 'bk-choice-label' });
    label.innerHTML = textObjectHtml(option.text, ctx.surface.text);
    const description = isObject(option.description) ? rendered('div', 'bk-choice-description', textObjectHtml(option.description, ctx.surface.text)) : null;
    group.append(h('div', { class: 'bk-choice' }, box, h('div', {}, label, description)));
  }
  return group;
}

function textInput(ctx: Ctx): HTMLElement {
  const { element } = ctx;
  const value = current(ctx).value;
  const multiline = element.multiline === true;
  const common = {
    id: ctx.controlId,
    class: multiline ? 'bk-input bk-textarea' : 'bk-input',
    placeholder: textObjectPlain(element.placeholder) || undefined,
    maxlength: typeof element.max_length === 'number' ? element.max_length : undefined,
    minlength: typeof element.min_length === 'number' ? element.min_length : undefined,
  };
  const type = element.type === 'number_input' ? 'number' : element.type === 'email_text_input' ? 'email' : element.type === 'url_text_input' ? 'url' : 'text';
  const control = multiline
    ? h('textarea', { ...common, rows: 4 })
    : h('input', {
        ...common,
        type,
        step: type === 'number' ? (element.is_decimal_allowed === true ? 'any' : '1') : undefined,
        min: typeof element.min_value === 'string' ? element.min_value : undefined,
        max: typeof element.max_value === 'string' ? element.max_value : undefined,
      });
  control.value = typeof value === 'string' ? value : '';
  control.addEventListener('input', () => remember(ctx, { value: control.value === '' ? null : control.value }));
  if (ctx.placement === 'dispatching-input' && !multiline) {
    control.addEventListener('keydown', (event) => {
      if ((event as KeyboardEvent).key !== 'Enter') return;
      event.preventDefault();
      void dispatch(ctx, { value: control.value });
    });
  }
  return control;
}

/** A file input: each chosen file is uploaded to the workspace at once, as Slack does, then kept in the state. */
function fileInput(ctx: Ctx): HTMLElement {
  const max = typeof ctx.element.max_files === 'number' ? ctx.element.max_files : 10;
  const picker = h('input', { id: ctx.controlId, type: 'file', class: 'bk-file-picker', multiple: max > 1 });
  const list = h('ul', { class: 'bk-file-list' });
  const files = (): JsonObject[] => options(current(ctx).files);
  const draw = () => {
    list.replaceChildren(
      ...files().map((file) =>
        h(
          'li',
          { class: 'bk-file-chip' },
          `📄 ${String(file.name)}`,
          h('button', { type: 'button', class: 'bk-file-remove', 'aria-label': `Remove ${String(file.name)}`, onclick: () => {
            remember(ctx, { files: files().filter((other) => other.id !== file.id) });
            draw();
          } }, '×'),
        ),
      ),
    );
  };
  picker.addEventListener('change', () => {
    const chosen = [...(picker.files ?? [])].slice(0, Math.max(0, max - files().length));
    picker.value = '';
    void (async () => {
      for (const file of chosen) {
        const uploading = h('li', { class: 'bk-file-chip bk-uploading' }, `⏳ ${file.name}`);
        list.append(uploading);
        const uploaded = await ctx.surface.upload(file);
        remember(ctx, { files: [...files(), uploaded.slackFile] });
        draw();
      }
    })();
  });
  draw();
  const drop = h('label', { class: 'bk-file-drop', for: ctx.controlId }, 'Drag and drop or ', h('span', { class: 'bk-link' }, 'upload files'), picker);
  return h('div', { class: 'bk-file-input' }, drop, list);
}
