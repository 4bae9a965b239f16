/** The companies area's ids, and the values its controls carry. Pure. */

export const CompanyIds = {
  newCallback: 'company_new',
  editCallback: 'company_edit',
  fieldsCallback: 'company_fields',
  /** Overflow menu on each listed company; option values `edit:<id>` / `fields:<id>`. */
  rowMenu: 'company_row_menu',
} as const;

export const CompanyBlocks = { name: 'name', domains: 'domains', notes: 'notes' } as const;

export const rowMenuValue = (action: 'edit' | 'fields', companyId: number) => `${action}:${companyId}`;

/** The inverse of `rowMenuValue`, for the untrusted value Slack sends back. */
export function parseRowMenuValue(value: string | undefined): { action: 'edit' | 'fields'; companyId: number } | undefined {
  const match = /^(edit|fields):(\d{1,9})$/.exec(value ?? '');
  return match ? { action: match[1] as 'edit' | 'fields', companyId: Number(match[2]) } : undefined;
}
