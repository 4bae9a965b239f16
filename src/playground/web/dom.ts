/** A tiny DOM builder: `h('button', { class: 'primary', onclick: go }, 'Save')`. No framework. */

export type Child = Node | string | number | null | undefined | false;

type Listener = (event: Event) => void;
export type Props = Record<string, string | number | boolean | Listener | undefined | null>;

/** An element with attributes, properties (`value`, `checked`…), listeners (`on…`) and children. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, props: Props = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  for (const [name, value] of Object.entries(props)) {
    if (value === undefined || value === null || value === false) continue;
    if (typeof value === 'function') element.addEventListener(name.replace(/^on/, ''), value);
    else if (name === 'class') element.className = String(value);
    else if (name === 'value' || name === 'checked' || name === 'selected' || name === 'disabled' || name === 'multiple') {
      (element as unknown as Record<string, unknown>)[name] = value;
    } else element.setAttribute(name, value === true ? '' : String(value));
  }
  append(element, children);
  return element;
}

export function append(parent: Node, children: (Child | Child[])[]): void {
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    parent.appendChild(typeof child === 'string' || typeof child === 'number' ? document.createTextNode(String(child)) : child);
  }
}

/** An element whose content is HTML made by the text renderer (./text.ts), which escapes what it is given. */
export function rendered<K extends keyof HTMLElementTagNameMap>(tag: K, className: string, html: string): HTMLElementTagNameMap[K] {
  const element = document.createElement(tag);
  element.className = className;
  element.innerHTML = html;
  return element;
}

export function replaceChildren(parent: Element, ...children: (Child | Child[])[]): void {
  parent.replaceChildren();
  append(parent, children);
}

let counter = 0;
/** A fresh id for label/input pairs. */
export const uniqueId = (prefix: string): string => `${prefix}-${++counter}`;

/** Shows a pop-up menu under its button, or above it when there is no room below (near a pane's bottom). */
export function openMenu(toggle: HTMLElement, menu: HTMLElement): void {
  menu.hidden = false;
  menu.classList.remove('pg-up');
  const pane = (toggle.closest('.pg-messages, .pg-modal-body, .pg-home') ?? document.documentElement).getBoundingClientRect();
  if (menu.getBoundingClientRect().bottom > Math.min(pane.bottom, window.innerHeight)) menu.classList.add('pg-up');
}
