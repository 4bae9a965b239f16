/** conversations alanının Türkçe iletileri (../tr.ts'ye katılır; anahtarlar en/conversations.ts ile aynı). */
import type { Catalog } from '../catalog.js';
import type { conversationsEn } from '../en/conversations.js';

export const conversationsTr: Catalog<typeof conversationsEn> = {
};
