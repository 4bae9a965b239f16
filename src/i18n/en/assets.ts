/** English messages of the assets area (spread into ../en.ts; keys `area.what`). */
export const assetsEn = {
} as const;
