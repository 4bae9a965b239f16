/** notifications alanının Türkçe iletileri (../tr.ts'ye katılır; anahtarlar en/notifications.ts ile aynı). */
import type { Catalog } from '../catalog.js';
import type { notificationsEn } from '../en/notifications.js';

export const notificationsTr: Catalog<typeof notificationsEn> = {
};
