/** English messages of the conversations area (spread into ../en.ts; keys `area.what`). */
export const conversationsEn = {
} as const;
