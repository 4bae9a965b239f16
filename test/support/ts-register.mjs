/** `node --import ./test/support/ts-register.mjs src/index.ts`: runs the TypeScript sources (./ts-hooks.mjs). */
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
