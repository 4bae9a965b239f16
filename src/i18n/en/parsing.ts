/** English messages of the parsing area (spread into ../en.ts; keys `area.what`). */
export const parsingEn = {
} as const;
