/**
 * Block Kit layout blocks as HTML, the way Slack lays them out: sections (text, two-column fields, an
 * accessory on the right), context lines, actions rows, inputs (label, optional mark, hint, inline
 * error), headers, dividers, images, file and rich-text blocks. Elements are ./elements.ts.
 */
import { h, rendered, uniqueId } from './dom.js';
import { renderElement, type Surface } from './elements.js';
import type { JsonObject } from './protocol.js';
import { plainHtml, textObjectHtml, textObjectPlain } from './text.js';

const isObject = (value: unknown): value is JsonObject => typeof value === 'object' && value !== null && !Array.isArray(value);

export function renderBlocks(blocks: unknown, surface: Surface): HTMLElement {
  const container = h('div', { class: 'bk-blocks' });
  for (const block of Array.isArray(blocks) ? blocks.filter(isObject) : []) container.append(renderBlock(block, surface));
  return container;
}

function renderBlock(block: JsonObject, surface: Surface): HTMLElement {
  const blockId = typeof block.block_id === 'string' ? block.block_id : '';
  const wrap = (className: string, ...children: (Node | null)[]) => h('div', { class: `bk-block ${className}`, 'data-block-id': blockId }, ...children);
  switch (block.type) {
    case 'section': {
      const text = isObject(block.text) ? rendered('div', 'bk-text', textObjectHtml(block.text, surface.text)) : null;
      const fields = Array.isArray(block.fields)
        ? h('div', { class: 'bk-fields' }, ...block.fields.filter(isObject).map((field) => rendered('div', 'bk-field bk-text', textObjectHtml(field, surface.text))))
        : null;
      const accessory = isObject(block.accessory) ? h('div', { class: 'bk-accessory' }, renderElement(block.accessory, blockId, surface, 'accessory')) : null;
      return wrap('bk-section', h('div', { class: 'bk-section-body' }, text, fields), accessory);
    }
    case 'context': {
      const elements = (Array.isArray(block.elements) ? block.elements.filter(isObject) : []).map((element) =>
        element.type === 'image'
          ? h('img', { class: 'bk-context-image', src: String(element.image_url ?? ''), alt: String(element.alt_text ?? '') })
          : rendered('span', 'bk-text', textObjectHtml(element, surface.text)),
      );
      return wrap('bk-context', ...elements);
    }
    case 'actions': {
      const elements = (Array.isArray(block.elements) ? block.elements.filter(isObject) : []).map((element) => renderElement(element, blockId, surface, 'actions'));
      return wrap('bk-actions', ...elements);
    }
    case 'divider':
      return wrap('bk-divider', h('hr'));
    case 'header':
      return wrap('bk-header', rendered('h3', 'bk-header-text', plainHtml(textObjectPlain(block.text), true)));
    case 'image': {
      const title = isObject(block.title) ? rendered('div', 'bk-image-title', textObjectHtml(block.title, surface.text)) : null;
      return wrap('bk-image', title, h('img', { src: String(block.image_url ?? ''), alt: String(block.alt_text ?? '') }));
    }
    case 'input':
      return inputBlock(block, blockId, surface);
    case 'rich_text':
      return wrap('bk-rich-text', rendered('div', 'bk-text', plainHtml(richTextPlain(block))));
    case 'file':
      return wrap('bk-file-block', h('span', {}, `📄 A file shared from ${String(block.source ?? 'Slack')}`));
    default:
      return wrap('bk-unsupported', h('span', {}, `(a ${String(block.type)} block is not shown in the playground)`));
  }
}

function inputBlock(block: JsonObject, blockId: string, surface: Surface): HTMLElement {
  const element = isObject(block.element) ? block.element : undefined;
  const controlId = uniqueId('input');
  const label = h('label', { class: 'bk-input-label', for: controlId }, textObjectPlain(block.label));
  if (block.optional === true) label.append(h('span', { class: 'bk-optional' }, ' (optional)'));
  const placement = block.dispatch_action === true ? 'dispatching-input' : 'input';
  const control = element ? renderElement(element, blockId, surface, placement, controlId) : h('span', {}, '(an input without an element)');
  const hint = isObject(block.hint) ? rendered('div', 'bk-hint', textObjectHtml(block.hint, surface.text)) : null;
  const error = surface.errors[blockId];
  const errorLine = error ? h('div', { class: 'bk-error', role: 'alert' }, `⚠ ${error}`) : null;
  return h('div', { class: `bk-block bk-input-block${error ? ' bk-has-error' : ''}`, 'data-block-id': blockId }, label, control, errorLine, hint);
}

/** A rich_text block's words (the playground shows its text, not its styling). */
function richTextPlain(value: unknown): string {
  if (Array.isArray(value)) return value.map(richTextPlain).join('');
  if (!isObject(value)) return '';
  if (typeof value.text === 'string') return value.text;
  if (value.type === 'user' && typeof value.user_id === 'string') return `@${value.user_id}`;
  if (value.type === 'link' && typeof value.url === 'string') return value.url;
  return richTextPlain(value.elements) + (value.type === 'rich_text_section' ? '\n' : '');
}
