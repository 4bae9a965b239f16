/** assets alanının Türkçe iletileri (../tr.ts'ye katılır; anahtarlar en/assets.ts ile aynı). */
import type { Catalog } from '../catalog.js';
import type { assetsEn } from '../en/assets.js';

export const assetsTr: Catalog<typeof assetsEn> = {
};
