/** The company form: create (name, domains) and edit (name, domains, notes). Pure. */
import { english, type Messages } from '../../i18n/messages.js';
import { type Block, type ModalView, modal } from '../kit/blocks.js';
import { textInput } from '../kit/inputs.js';
import { problemBlock } from '../kit/states.js';
import { CompanyBlocks, CompanyIds } from './ids.js';

export interface CompanyFormValues {
  name?: string;
  domains?: string;
  notes?: string;
}

/** The edit form's title: `Edit company #12`. */
export const companyEditTitle = (id: number, m: Messages = english): string => m.t('companies.editTitle', { id });

/** Create (no `companyId`) or edit. Create has no notes: POST /Company takes only name and domains. */
export function companyModal(
  form: {
    companyId?: number;
    values: CompanyFormValues;
    metadata: string;
    problem?: string;
  },
  m: Messages = english,
): ModalView {
  const editing = form.companyId !== undefined;
  const blocks: Block[] = [];
  if (form.problem) blocks.push(problemBlock(form.problem));
  blocks.push(
    textInput(CompanyBlocks.name, m.t('companies.nameLabel'), form.values.name, { optional: false, maxLength: 255 }),
    textInput(CompanyBlocks.domains, m.t('companies.domainsLabel'), form.values.domains, {
      placeholder: m.t('companies.domainsPlaceholder'),
      hint: m.t('companies.domainsHint'),
    }),
  );
  if (editing) blocks.push(textInput(CompanyBlocks.notes, m.t('companies.notesLabel'), form.values.notes, { multiline: true }));
  return modal({
    callback_id: editing ? CompanyIds.editCallback : CompanyIds.newCallback,
    title: form.companyId !== undefined ? companyEditTitle(form.companyId, m) : m.t('companies.newTitle'),
    submit: editing ? m.t('companies.saveSubmit') : m.t('companies.createSubmit'),
    close: m.t('kit.cancel'),
    private_metadata: form.metadata,
    blocks,
  });
}
