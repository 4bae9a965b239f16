/** English messages of the people area (spread into ../en.ts; keys `area.what`). */
export const peopleEn = {
} as const;
