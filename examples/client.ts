// The help-desk client on its own, against the sandbox (`npm run sandbox`, demo password "demo").
// Run: npm run example   (another help desk: HELPDESK_URL=https://helpdesk.example.com/api npm run example)
import { basic, bearer, HelpdeskClient, HelpdeskError, unknownOutcomeParams } from '../src/api/index.js';

const helpdesk = new HelpdeskClient({ baseUrl: process.env.HELPDESK_URL ?? 'http://127.0.0.1:8080/api' });
const token = await helpdesk.fetchUserToken(basic('user', 'demo'));    // GET /User/Token?json=true
const can = helpdesk.withCredential(bearer(token));                     // one throttle and guard, many users

const { id } = await can.createTalep({ categoryId: 1, subject: 'Printer jam', body: 'Tray 2', priorityId: 0, tags: ['printer'] });
const talep = await can.getTalep({ id });                                // typed; DueDate is a Date (UTC)
console.log(`created talep ${talep.TalepID}: ${talep.Subject} (${talep.Status})`);
await can.updateTalep({ id, dueDate: null, statusId: 2 });               // dueDate null → sent as "" (removes it)
const hits = await can.search({ query: 'printer', statusId: [1, 2] }, { priority: 'background' });
console.log(`search "printer": ${hits.length} open talep(s)`);
const rule = await helpdesk.getRule({ id: 1 }, { credential: basic('admin', 'demo') }); // XML → typed summary
console.log(`rule ${rule.id}: ${rule.name} (${rule.enabled ? 'enabled' : 'disabled'})`);

try {
  await can.getTalep({ id: 999_999 });
} catch (error) {
  if (error instanceof HelpdeskError && error.kind === 'not-found') console.log(`talep 999999: ${error.reason}`);
}

try {
  await can.createTalep({ categoryId: 1, subject: 'Printer jam', body: 'Tray 2', priorityId: 0 });
} catch (error) {
  // Sent, no answer: it may exist. Look for it (e.g. Search for the subject after sentAt) before retrying.
  const sent = unknownOutcomeParams(error, 'createTalep');
  if (sent) console.log(`maybe created: ${sent.subject}`);
}
await helpdesk.close();
