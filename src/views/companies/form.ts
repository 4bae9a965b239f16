/** The company form: create (name, domains) and edit (name, domains, notes). Pure. */
import { type Block, type ModalView, modal } from '../kit/blocks.js';
import { textInput } from '../kit/inputs.js';
import { problemBlock } from '../kit/states.js';
import { CompanyBlocks, CompanyIds } from './ids.js';

export interface CompanyFormValues {
  name?: string;
  domains?: string;
  notes?: string;
}

/** Create (no `companyId`) or edit. Create has no notes: POST /Company takes only name and domains. */
export function companyModal(form: {
  companyId?: number;
  values: CompanyFormValues;
  metadata: string;
  problem?: string;
}): ModalView {
  const editing = form.companyId !== undefined;
  const blocks: Block[] = [];
  if (form.problem) blocks.push(problemBlock(form.problem));
  blocks.push(
    textInput(CompanyBlocks.name, 'Name', form.values.name, { optional: false, maxLength: 255 }),
    textInput(CompanyBlocks.domains, 'E-mail domains', form.values.domains, {
      placeholder: 'example.com; example.org',
      hint: 'Separate domains with ;. Users with these e-mail domains belong to the company.',
    }),
  );
  if (editing) blocks.push(textInput(CompanyBlocks.notes, 'Notes', form.values.notes, { multiline: true }));
  return modal({
    callback_id: editing ? CompanyIds.editCallback : CompanyIds.newCallback,
    title: editing ? `Edit company #${form.companyId}` : 'New company',
    submit: editing ? 'Save' : 'Create',
    private_metadata: form.metadata,
    blocks,
  });
}
