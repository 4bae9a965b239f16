/** parsing alanının Türkçe iletileri (../tr.ts'ye katılır; anahtarlar en/parsing.ts ile aynı). */
import type { Catalog } from '../catalog.js';
import type { parsingEn } from '../en/parsing.js';

export const parsingTr: Catalog<typeof parsingEn> = {
};
