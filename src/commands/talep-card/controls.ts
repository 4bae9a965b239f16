/** Reading the talep a card control names. Pure. */
import { parseTalepId } from '../../slack/args.js';
import { buttonValue } from '../../slack/listeners.js';

export function talepIdOfButton(action: unknown): number | undefined {
  const parsed = parseTalepId(buttonValue(action) ?? '');
  return parsed.ok ? parsed.value : undefined;
}

export const readTalepButton = (action: unknown): { talepId: number; input: undefined } | undefined => {
  const talepId = talepIdOfButton(action);
  return talepId === undefined ? undefined : { talepId, input: undefined };
};
