import { describe, expect, it } from 'vitest';
import { uploadName } from '../../src/commands/talep-files/download.js';

describe('uploadName', () => {
  it('keeps the help desk’s name without path separators, or names the file by id', () => {
    expect(uploadName({ filename: 'imza-örneği.txt' }, 5)).toBe('imza-örneği.txt');
    expect(uploadName({ filename: '../../etc/passwd' }, 5)).toBe('.._.._etc_passwd');
    expect(uploadName({ filename: undefined }, 5)).toBe('file-5');
    expect(uploadName({ filename: '  ' }, 5)).toBe('file-5');
  });
});
