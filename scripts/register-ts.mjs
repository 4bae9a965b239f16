/**
 * `node --import ./scripts/register-ts.mjs some-file.ts`: runs a TypeScript file of this repository on
 * every supported Node (20.18+ has no type stripping) for development scripts and examples — the
 * README's client example (`npm run example`) and the API reference generator (`npm run docs`).
 * Each .ts file is transpiled on load with the project's own TypeScript (a dev dependency; no type
 * check: `npm run typecheck` does that), and `./x.js` imports find `./x.ts` as tsc's NodeNext resolution
 * does. The bot itself never runs through this: `npm start` runs the build in dist/.
 */
import { register } from 'node:module';

register('./ts-hooks.mjs', import.meta.url);
