/** English messages of the workflows area (spread into ../en.ts; keys `area.what`). */
export const workflowsEn = {
} as const;
