/**
 * `/talep pending` in each person's language: a Turkish person (`/talep dil tr`) lists their waiting
 * work with `/talep bekleyen` in Turkish — the line saying what each job is was made in their words
 * when it was accepted — and cancels it in Turkish; an English person's list stays English.
 */
import { describe, expect, it } from 'vitest';
import { ManualClock } from '../support/manual-clock.js';
import { elementsOf, json, postTo } from '../support/e2e.js';
import { newTalepSubmission, openNewTalepForm, taleps } from '../support/new-talep-form.js';
import { useHarness } from '../support/use-harness.js';

const clock = new ManualClock(Date.now());
const h = useHarness({ proxy: true, transport: { headersTimeoutMs: 1_000, bodyTimeoutMs: 1_000 }, jobRunner: { clock } });

const unique = Date.now().toString(36);

describe('/talep bekleyen', () => {
  it('lists a Turkish person’s waiting work in Turkish and cancels it in Turkish; an English person’s stays English', async () => {
    await h.services.stores.languages.set('T1', 'UAGENT2', 'tr');
    const turkishForm = await openNewTalepForm(h, 'agent2');
    const englishForm = await openNewTalepForm(h, 'agent');
    const turkishSubject = `Yazıcı kağıt sıkıştırıyor ${unique}`;
    const englishSubject = `Printer jams ${unique}`;
    const turkishView = `V-tr-${unique}`;
    await h.proxy!.down();
    const mark = h.slack.calls.length;
    await h.send.delivery(newTalepSubmission(h, turkishForm, { subject: turkishSubject, viewId: turkishView }));
    await h.send.delivery(newTalepSubmission(h, englishForm, { subject: englishSubject, viewId: `V-en-${unique}` }));
    await h.services.jobs.idle();

    const listed = await h.send.slash(h.as('agent2'), 'bekleyen');
    const list = json(await postTo(h, listed.responseUrl, 'the Turkish pending list'));
    expect(list).toContain('*Bekleyen işleriniz* (1)');
    expect(list).toContain(`Yeni talep “${turkishSubject}”`);
    expect(list).toContain('Help desk bekleniyor');
    expect(list).toContain('help desk’e gönderilmeyecek');
    expect(list).not.toContain(englishSubject);

    const english = json(await postTo(h, (await h.send.slash(h.as('agent'), 'pending')).responseUrl, 'the English pending list'));
    expect(english).toContain(`New talep “${englishSubject}”`);
    expect(english).toContain('Waiting for the help desk');

    const [cancel] = elementsOf(await postTo(h, (await h.send.slash(h.as('agent2'), 'bekleyenler')).responseUrl, 'the list again')).filter((element) =>
      element.action_id?.startsWith('pending_cancel'),
    );
    const pressed = await h.send.blockAction(h.as('agent2'), { action_id: String(cancel?.action_id), value: String(cancel?.value) });
    const after = json(await postTo(h, pressed.responseUrl, 'the list after Cancel'));
    expect(after).toContain(`İptal edildi: Yeni talep “${turkishSubject}”`);
    expect(after).toContain('Bekleyen bir şey yok');
    const modal = h.slack.calls.slice(mark).filter((call) => call.method === 'views.update' && call.args.view_id === turkishView).map((call) => json(call.args.view));
    expect(modal.some((text) => text.includes('Help desk’e hiçbir şey gönderilmedi'))).toBe(true);

    await h.proxy!.up();
    for (let passed = 0; passed < 20 * 60_000 && (await taleps(h, englishSubject)).length === 0; passed += 5_000) {
      await clock.advance(5_000);
      await h.services.jobs.idle();
    }
    expect(await taleps(h, englishSubject)).toHaveLength(1);
    expect(await taleps(h, turkishSubject)).toEqual([]);
    await h.services.stores.languages.set('T1', 'UAGENT2', undefined);
  }, 60_000);
});
