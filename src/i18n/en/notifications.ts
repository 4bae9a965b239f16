/** English messages of the notifications area (spread into ../en.ts; keys `area.what`). */
export const notificationsEn = {
} as const;
