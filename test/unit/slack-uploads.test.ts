import { describe, expect, it } from 'vitest';
import { HelpdeskError } from '../../src/api/errors.js';
import type { FileUpload } from '../../src/api/wire.js';
import type { Actor } from '../../src/slack/actor.js';
import type { Services } from '../../src/slack/services.js';
import { attachFilesOnce, failureReason, readUploads } from '../../src/slack/uploads.js';
import { SlackFileError, slackFileErrorText } from '../../src/slack/files.js';
import { messagesFor } from '../../src/i18n/messages.js';
import { filesInput, messageFilesBlock } from '../../src/views/kit/slack-files.js';
import { trackerLinksText } from '../../src/views/kit/tracker-links.js';
import { WorkSteps } from '../../src/slack/work-steps.js';
import type { JsonValue } from '../../src/store/json-value.js';

const MB = 1024 * 1024;
const slackFile = (name: string, size = 10) => ({ id: `F-${name}`, name, mimetype: 'text/plain', size, url_private_download: `https://files.slack.test/${name}` });

describe('readUploads (a file_input’s submitted state)', () => {
  it('turns Slack files into references to download', () => {
    expect(readUploads([slackFile('a.txt')], MB)).toEqual({
      ok: true,
      files: [{ name: 'a.txt', url: 'https://files.slack.test/a.txt', type: 'text/plain', size: 10 }],
    });
  });

  it('takes no state as no files', () => {
    expect(readUploads(undefined, MB)).toEqual({ ok: true, files: [] });
  });

  it('names the files over the size limit', () => {
    const checked = readUploads([slackFile('ok.txt'), slackFile('big.iso', 2 * MB), slackFile('bigger.iso', 3 * MB)], MB);
    expect(checked).toEqual({ ok: false, error: '“big.iso”, “bigger.iso” are larger than 1 MB, the most the help desk accepts per file.' });
  });

  it('refuses more than 10 files, files without a link, and a state it cannot read', () => {
    expect(readUploads(Array.from({ length: 11 }, (_, index) => slackFile(`f${index}`)), MB)).toEqual({ ok: false, error: 'Attach at most 10 files.' });
    expect(readUploads([{ name: 'nolink.txt', size: 1 }], MB)).toMatchObject({ ok: false, error: expect.stringContaining('did not give me a link') });
    expect(readUploads('not a list', MB)).toMatchObject({ ok: false, error: expect.stringContaining('cannot read') });
  });
});

describe('attachFilesOnce (files attached in durable work)', () => {
  /** Slack hands out each file with its name as its content. */
  const services = {
    slackFiles: { download: async (_url: string, filename: string) => ({ filename, contentType: 'text/plain', data: new TextEncoder().encode(filename) }) },
  } as unknown as Services;
  const ref = (name: string) => ({ name, url: `https://files.slack.test/${name}`, type: 'text/plain' });

  /** A job's steps kept in memory: what one run records, the next run reads. */
  function jobSteps(progress?: JsonValue) {
    const job = { id: 'job-1', progress };
    const queue = {
    saveProgress: async (_id: string, saved: JsonValue) => {
      job.progress = structuredClone(saved);
      return true;
    },
  };
    return { job, steps: () => new WorkSteps(queue, job, () => new Date()) };
  }

  function helpdesk(refuse: (filename: string) => HelpdeskError | undefined, existing: { FileName: string; FileSize: number }[] = []) {
    const sent: string[] = [];
    const hd = {
      attachFile: async ({ uploadFile }: { uploadFile: FileUpload }) => {
        const refusal = refuse(uploadFile.filename);
        if (refusal) throw refusal;
        sent.push(uploadFile.filename);
      },
      attachments: async () => existing.map((file, index) => ({ ...file, FileID: index + 1, Url: '' })),
    } as unknown as Actor['hd'];
    return { sent, hd };
  }

  it('attaches each file, and one file’s refusal is a warning that does not stop the others', async () => {
    const refused = new HelpdeskError('invalid', 'File type not allowed', { operation: 'attachFile', status: 400, reason: 'File type not allowed' });
    const { sent, hd } = helpdesk((name) => (name === 'bad.exe' ? refused : undefined));
    const outcome = await attachFilesOnce({ services, actor: { hd }, steps: jobSteps().steps() }, 7, [ref('a.txt'), ref('bad.exe'), ref('c.txt')], { prefix: 'file' });
    expect(sent).toEqual(['a.txt', 'c.txt']);
    expect(outcome.attached).toEqual(['a.txt', 'c.txt']);
    expect(outcome.firstError).toBe(refused);
    const [warning] = outcome.warnings;
    expect(warning).toMatch(/^“bad\.exe” could not be attached: /);
    expect(warning).toContain('File type not allowed');
    expect(warning).not.toMatch(/:\w+:/);
  });

  it('words a Slack download problem as its own sentence', async () => {
    const failing = { slackFiles: { download: async () => Promise.reject(new SlackFileError('Slack did not hand out “x.png”.')) } } as unknown as Services;
    const { hd } = helpdesk(() => undefined);
    const outcome = await attachFilesOnce({ services: failing, actor: { hd }, steps: jobSteps().steps() }, 7, [ref('x.png')], { prefix: 'file' });
    expect(outcome.warnings).toEqual(['“x.png” could not be attached: Slack did not hand out “x.png”.']);
  });

  it('a run after another never attaches a file twice: done files are skipped, a file that may have been sent is looked for first', async () => {
    const { job, steps } = jobSteps();
    const first = helpdesk(() => undefined);
    await attachFilesOnce({ services, actor: { hd: first.hd }, steps: steps() }, 7, [ref('a.txt')], { prefix: 'file' });
    expect(first.sent).toEqual(['a.txt']);
    // The same job again (a crash after its first file): a.txt is recorded; b.txt was "maybe sent" and is there.
    const progress = job.progress as { sending: string[] };
    progress.sending.push('file:1');
    const again = helpdesk(() => undefined, [{ FileName: 'b.txt', FileSize: 5 }]);
    const outcome = await attachFilesOnce({ services, actor: { hd: again.hd }, steps: steps() }, 7, [ref('a.txt'), ref('b.txt'), ref('c.txt')], { prefix: 'file' });
    expect(again.sent).toEqual(['c.txt']);
    expect(outcome.attached).toEqual(['a.txt', 'b.txt', 'c.txt']);
  });

  it('work that is only its files is retried while the help desk is away (the failure is thrown), follow-ups are warned about', async () => {
    const away = new HelpdeskError('unavailable', 'no route', { operation: 'attachFile', requestSent: false });
    const { hd } = helpdesk(() => away);
    await expect(attachFilesOnce({ services, actor: { hd }, steps: jobSteps().steps() }, 7, [ref('a.txt')], { prefix: 'file', retry: true })).rejects.toBe(away);
    const warned = await attachFilesOnce({ services, actor: { hd }, steps: jobSteps().steps() }, 7, [ref('a.txt')], { prefix: 'file' });
    expect(warned.warnings).toEqual([expect.stringContaining('“a.txt” could not be attached')]);
  });
});

describe('in Turkish', () => {
  const tr = messagesFor('tr');

  it('says what is wrong with the submitted files in the reader’s language', () => {
    expect(readUploads([slackFile('big.iso', 2 * MB)], MB, tr)).toEqual({ ok: false, error: '“big.iso” dosyası 1 MB’tan büyük; help desk dosya başına en fazla bunu kabul ediyor.' });
    expect(readUploads(Array.from({ length: 11 }, (_, index) => slackFile(`f${index}`)), MB, tr)).toEqual({ ok: false, error: 'En fazla 10 dosya ekleyin.' });
    expect(readUploads('not a list', MB, tr)).toMatchObject({ ok: false, error: expect.stringContaining('okuyamadığım') });
  });

  it('says why Slack would not hand out a file, and why one was not attached', () => {
    const refused = new SlackFileError('Slack did not hand out “x.png” (HTTP 403).', { kind: 'not-handed-out', name: 'x.png', status: 403 });
    expect(slackFileErrorText(refused)).toBe('Slack did not hand out “x.png” (HTTP 403). Is the app in that channel?');
    expect(failureReason(refused, tr)).toBe('Slack “x.png” dosyasını vermedi (HTTP 403). Uygulama o kanalda mı?');
    expect(failureReason(new HelpdeskError('unavailable', 'down'), tr)).toContain('Help desk’e şu an ulaşılamıyor');
  });

  it('shows the files input, a message’s files and linked tracker issues in Turkish', () => {
    const input = filesInput({ block: 'b', action: 'a' }, 2.5 * MB, { optional: true }, tr);
    expect(input.label.text).toBe('Dosyalar');
    expect(input.hint?.text).toBe('En fazla 10 dosya, her biri 2,5 MB.');
    expect(messageFilesBlock([{ name: 'a.pdf' }, { name: 'b.zip', skip: 'çok büyük' }], tr)?.text?.text).toBe(
      ':paperclip: *Mesajdaki dosyalar* (gönderince eklenir)\n• a.pdf\n• b.zip — _eklenmeyecek: çok büyük_',
    );
    expect(trackerLinksText({ JiraIssueUrl: 'https://jira.example.com/browse/NET-42' }, tr)).toBe(':link: Bağlı kayıtlar: <https://jira.example.com/browse/NET-42|Jira NET-42>');
    expect(trackerLinksText({ JiraIssueUrl: 'https://jira.example.com/browse/NET-42' })).toContain(':link: Linked issues:');
  });
});
