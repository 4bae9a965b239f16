/** `npm run docs`: writes docs/helpdesk-api.md from the endpoint table (scripts/api-reference.ts). */
import { mkdir, writeFile } from 'node:fs/promises';
import { apiReference } from './api-reference.js';

const target = new URL('../docs/helpdesk-api.md', import.meta.url);
await mkdir(new URL('.', target), { recursive: true });
await writeFile(target, apiReference());
process.stdout.write(`wrote ${target.pathname}\n`);
