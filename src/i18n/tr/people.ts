/** people alanının Türkçe iletileri (../tr.ts'ye katılır; anahtarlar en/people.ts ile aynı). */
import type { Catalog } from '../catalog.js';
import type { peopleEn } from '../en/people.js';

export const peopleTr: Catalog<typeof peopleEn> = {
};
