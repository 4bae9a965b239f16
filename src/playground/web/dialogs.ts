/**
 * Modals as Slack shows them (title, ✕, the blocks, Cancel and Submit; the top of a stack of up to three
 * views) and Block Kit's confirm dialogs. A submission is checked first as Slack's client checks it
 * (required inputs filled); the app's inline errors come back as `response_action: errors`.
 */
import { renderBlocks } from './blocks.js';
import { h, rendered } from './dom.js';
import type { Page } from './page.js';
import type { JsonObject, OpenView } from './protocol.js';
import { missingRequiredInputs } from './state.js';
import { plainHtml, type TextContext, textObjectHtml, textObjectPlain } from './text.js';

export interface ModalHandlers {
  submit(view: OpenView, state: ReturnType<Page['surfaceFor']>['state']): Promise<void>;
  close(view: OpenView): Promise<void>;
  /** The client's own check found empty required inputs: show these errors without asking the app. */
  invalid(view: OpenView, errors: Record<string, string>): void;
}

export function renderModal(page: Page, stack: OpenView[], errors: Record<string, string>, handlers: ModalHandlers): HTMLElement | null {
  const top = stack.at(-1);
  if (!top) return null;
  const { view } = top;
  const title = textObjectPlain(view.title) || 'App';
  const surface = page.surfaceFor({ kind: 'view', viewId: top.id }, view.blocks, errors);
  const body = renderBlocks(view.blocks, surface);
  const submitText = textObjectPlain(view.submit);
  const closeText = textObjectPlain(view.close) || 'Cancel';
  const submit = submitText ? rendered('button', 'pg-button pg-button-primary', plainHtml(submitText)) : null;
  const close = async () => handlers.close(top);
  if (submit) {
    submit.setAttribute('type', 'button');
    submit.addEventListener('click', () => {
      const missing = missingRequiredInputs(view.blocks, (blockId, actionId) => surface.state.get(blockId, actionId));
      if (missing.length > 0) {
        handlers.invalid(top, Object.fromEntries(missing.map((blockId) => [blockId, 'Please complete this required field.'])));
        return;
      }
      submit.setAttribute('disabled', '');
      submit.classList.add('pg-busy');
      void handlers.submit(top, surface.state).finally(() => {
        submit.removeAttribute('disabled');
        submit.classList.remove('pg-busy');
      });
    });
  }
  const dialog = h(
    'div',
    { class: 'pg-modal', role: 'dialog', 'aria-modal': 'true', 'aria-label': title, 'data-view-id': top.id, 'data-callback-id': String(view.callback_id ?? '') },
    h(
      'header',
      { class: 'pg-modal-header' },
      h('span', { class: 'pg-modal-app' }, '🎫'),
      rendered('h2', 'pg-modal-title', plainHtml(title)),
      stack.length > 1 ? h('span', { class: 'pg-modal-depth', title: 'Views in this modal stack' }, `${stack.length} views`) : null,
      h('button', { type: 'button', class: 'pg-modal-x', 'aria-label': 'Close', onclick: () => void close() }, '✕'),
    ),
    h('div', { class: 'pg-modal-body' }, body),
    h('footer', { class: 'pg-modal-footer' }, rendered('button', 'pg-button', plainHtml(closeText)), submit),
  );
  const closeButton = dialog.querySelector<HTMLButtonElement>('.pg-modal-footer .pg-button:not(.pg-button-primary)');
  closeButton?.setAttribute('type', 'button');
  closeButton?.addEventListener('click', () => void close());
  return h('div', { class: 'pg-modal-backdrop' }, dialog);
}

/** A confirm dialog (`confirm` on a button, select or overflow): resolves true on its confirm button. */
export function confirmDialog(dialog: JsonObject, text: TextContext): Promise<boolean> {
  return new Promise((resolve) => {
    const done = (answer: boolean) => {
      backdrop.remove();
      resolve(answer);
    };
    const confirmText = textObjectPlain(dialog.confirm) || 'Yes';
    const style = dialog.style === 'danger' ? ' pg-button-danger' : ' pg-button-primary';
    const confirm = rendered('button', `pg-button${style}`, plainHtml(confirmText));
    confirm.setAttribute('type', 'button');
    confirm.addEventListener('click', () => done(true));
    const deny = rendered('button', 'pg-button', plainHtml(textObjectPlain(dialog.deny) || 'Cancel'));
    deny.setAttribute('type', 'button');
    deny.addEventListener('click', () => done(false));
    const title = textObjectPlain(dialog.title) || 'Are you sure?';
    const backdrop = h(
      'div',
      { class: 'pg-modal-backdrop pg-confirm-backdrop' },
      h(
        'div',
        { class: 'pg-modal pg-confirm', role: 'alertdialog', 'aria-modal': 'true', 'aria-label': title },
        h('header', { class: 'pg-modal-header' }, rendered('h2', 'pg-modal-title', plainHtml(title))),
        rendered('div', 'pg-modal-body bk-text', textObjectHtml(dialog.text, text)),
        h('footer', { class: 'pg-modal-footer' }, deny, confirm),
      ),
    );
    document.body.append(backdrop);
    confirm.focus();
  });
}
