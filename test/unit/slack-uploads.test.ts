import { describe, expect, it } from 'vitest';
import { HelpdeskError } from '../../src/api/errors.js';
import type { FileUpload } from '../../src/api/wire.js';
import type { Actor } from '../../src/slack/actor.js';
import { attachUploads, attachWarnings, readUploads } from '../../src/slack/uploads.js';
import { SlackFileError } from '../../src/slack/files.js';

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

describe('attachUploads', () => {
  const upload = (filename: string): FileUpload => ({ filename, contentType: 'text/plain', data: new TextEncoder().encode(filename) });

  it('attaches each file, and one file’s failure does not stop the others', async () => {
    const sent: string[] = [];
    const session = {
      hd: {
        attachFile: async ({ uploadFile }: { uploadFile: FileUpload }) => {
          if (uploadFile.filename === 'bad.exe') throw new HelpdeskError('invalid', 'File type not allowed', { operation: 'attachFile', status: 400, reason: 'File type not allowed' });
          sent.push(uploadFile.filename);
        },
      },
    } as unknown as Pick<Actor, 'hd'>;
    const outcome = await attachUploads(session, 7, [upload('a.txt'), upload('bad.exe'), upload('c.txt')]);
    expect(sent).toEqual(['a.txt', 'c.txt']);
    expect(outcome.attached).toEqual(['a.txt', 'c.txt']);
    expect(outcome.failed.map((failure) => failure.filename)).toEqual(['bad.exe']);
    const [warning] = attachWarnings(outcome);
    expect(warning).toMatch(/^“bad\.exe” could not be attached: /);
    expect(warning).toContain('File type not allowed');
    expect(warning).not.toMatch(/:\w+:/);
  });

  it('words a Slack download problem as its own sentence', () => {
    const warnings = attachWarnings({ attached: [], failed: [{ filename: 'x.png', error: new SlackFileError('Slack did not hand out “x.png”.') }] });
    expect(warnings).toEqual(['“x.png” could not be attached: Slack did not hand out “x.png”.']);
  });
});
