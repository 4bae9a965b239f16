/**
 * Inputs for the views' Block Kit limit tests: text that is long in every way Slack counts (escaped
 * characters grow, an emoji is one character but two UTF-16 units, multi-byte letters, newlines).
 */

const LONG_CHARS = Array.from('<a&b> 🎉\nçğış');

/** Exactly `length` characters (code points) of awkward text. */
export const longText = (length: number): string => Array.from({ length }, (_, i) => LONG_CHARS[i % LONG_CHARS.length]).join('');

/** `count` items made by `make(index)`. */
export const many = <T>(count: number, make: (index: number) => T): T[] => Array.from({ length: count }, (_, index) => make(index));
