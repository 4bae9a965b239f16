/** workflows alanının Türkçe iletileri (../tr.ts'ye katılır; anahtarlar en/workflows.ts ile aynı). */
import type { Catalog } from '../catalog.js';
import type { workflowsEn } from '../en/workflows.js';

export const workflowsTr: Catalog<typeof workflowsEn> = {
};
