/**
 * The values of a surface's stateful elements, kept as Slack's client keeps them and sent as Slack sends
 * them (`state.values`: block id → action id → value). When a view or message is replaced by one with
 * the same block and action ids, what the person entered is kept (Slack's "preserving input" rule); the
 * rest starts from the new elements' initial values.
 */
import type { JsonObject, StateValues } from './protocol.js';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

/** The element types that hold a value (buttons and overflow menus do not). */
const STATEFUL = new Set([
  'plain_text_input',
  'number_input',
  'email_text_input',
  'url_text_input',
  'static_select',
  'external_select',
  'users_select',
  'conversations_select',
  'channels_select',
  'multi_static_select',
  'multi_external_select',
  'multi_users_select',
  'multi_conversations_select',
  'multi_channels_select',
  'datepicker',
  'timepicker',
  'datetimepicker',
  'checkboxes',
  'radio_buttons',
  'file_input',
]);

/** An element's value before the person touches it, in Slack's state shape. */
export function initialState(element: JsonObject): JsonObject | undefined {
  const type = String(element.type);
  if (!STATEFUL.has(type)) return undefined;
  switch (type) {
    case 'plain_text_input':
    case 'number_input':
    case 'email_text_input':
    case 'url_text_input':
      return { type, value: typeof element.initial_value === 'string' ? element.initial_value : null };
    case 'static_select':
    case 'external_select':
    case 'radio_buttons':
      return { type, selected_option: isObject(element.initial_option) ? element.initial_option : null };
    case 'users_select':
      return { type, selected_user: typeof element.initial_user === 'string' ? element.initial_user : null };
    case 'conversations_select':
      return { type, selected_conversation: typeof element.initial_conversation === 'string' ? element.initial_conversation : null };
    case 'channels_select':
      return { type, selected_channel: typeof element.initial_channel === 'string' ? element.initial_channel : null };
    case 'multi_static_select':
    case 'multi_external_select':
    case 'checkboxes':
      return { type, selected_options: Array.isArray(element.initial_options) ? element.initial_options : [] };
    case 'multi_users_select':
      return { type, selected_users: Array.isArray(element.initial_users) ? element.initial_users : [] };
    case 'multi_conversations_select':
      return { type, selected_conversations: Array.isArray(element.initial_conversations) ? element.initial_conversations : [] };
    case 'multi_channels_select':
      return { type, selected_channels: Array.isArray(element.initial_channels) ? element.initial_channels : [] };
    case 'datepicker':
      return { type, selected_date: typeof element.initial_date === 'string' ? element.initial_date : null };
    case 'timepicker':
      return { type, selected_time: typeof element.initial_time === 'string' ? element.initial_time : null };
    case 'datetimepicker':
      return { type, selected_date_time: typeof element.initial_date_time === 'number' ? element.initial_date_time : null };
    case 'file_input':
      return { type, files: [] };
    default:
      return undefined;
  }
}

/** Every stateful element of the blocks with its block id. */
export function statefulElements(blocks: unknown): { blockId: string; element: JsonObject & { action_id: string } }[] {
  if (!Array.isArray(blocks)) return [];
  return blocks.filter(isObject).flatMap((block) => {
    const blockId = typeof block.block_id === 'string' ? block.block_id : '';
    const elements = [...(Array.isArray(block.elements) && block.type === 'actions' ? block.elements : []), block.accessory, block.element];
    return elements
      .filter(isObject)
      .filter((element): element is JsonObject & { action_id: string } => typeof element.action_id === 'string' && STATEFUL.has(String(element.type)))
      .map((element) => ({ blockId, element }));
  });
}

const key = (blockId: string, actionId: string) => `${blockId}\u0000${actionId}`;

export class SurfaceState {
  #values: StateValues = {};
  readonly #touched = new Set<string>();
  #adopted = '';

  /** Takes (new) blocks for this surface; a second call with the same blocks changes nothing. */
  adopt(blocks: unknown): void {
    const signature = JSON.stringify(blocks ?? []);
    if (signature === this.#adopted) return;
    this.#adopted = signature;
    const next: StateValues = {};
    for (const { blockId, element } of statefulElements(blocks)) {
      const kept = this.#touched.has(key(blockId, element.action_id)) ? this.#values[blockId]?.[element.action_id] : undefined;
      const kind = String(element.type);
      const value = kept && kept.type === kind ? kept : initialState(element);
      if (!value) continue;
      next[blockId] = { ...next[blockId], [element.action_id]: value };
    }
    for (const touched of [...this.#touched]) {
      const [blockId = '', actionId = ''] = touched.split('\u0000');
      if (!next[blockId]?.[actionId]) this.#touched.delete(touched);
    }
    this.#values = next;
  }

  get(blockId: string, actionId: string): JsonObject | undefined {
    return this.#values[blockId]?.[actionId];
  }

  set(blockId: string, actionId: string, value: JsonObject): void {
    this.#values[blockId] = { ...this.#values[blockId], [actionId]: value };
    this.#touched.add(key(blockId, actionId));
  }

  values(): StateValues {
    return structuredClone(this.#values);
  }
}

/** The input blocks a submission needs filled in (Slack checks them before sending anything). */
export function missingRequiredInputs(blocks: unknown, values: (blockId: string, actionId: string) => JsonObject | undefined): string[] {
  if (!Array.isArray(blocks)) return [];
  return blocks.filter(isObject).flatMap((block) => {
    if (block.type !== 'input' || block.optional === true || !isObject(block.element)) return [];
    const blockId = String(block.block_id ?? '');
    const value = values(blockId, String(block.element.action_id ?? ''));
    const filled =
      value !== undefined &&
      Object.entries(value).some(([key, entry]) => key !== 'type' && entry !== null && entry !== '' && !(Array.isArray(entry) && entry.length === 0));
    return filled ? [] : [blockId];
  });
}
