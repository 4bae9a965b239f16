/**
 * `npm run rotate-key [-- --generate] [--drop-old-keys] [--forget-unreadable]`: re-encrypts the stored
 * help-desk tokens under the current key, offline. Stop the bot first: a running bot keeps its own copy
 * of the store and would write it back over the re-encrypted one.
 *   DATA_DIR (default ./data), TOKEN_ENCRYPTION_KEY (optional; NEW,OLD,… — else the key file is used).
 */
import { decodeKeyList } from './config.js';
import { KeyRingError } from './store/encryption-key.js';
import { rotateKeys } from './store/rotate-keys.js';

const USAGE = `Usage: npm run rotate-key [-- --generate] [--drop-old-keys] [--forget-unreadable]
  (no flag)            re-encrypt every stored token under the current (first) key
  --generate           key file only: put a new key first, keep the old ones listed, re-encrypt
  --drop-old-keys      key file only: afterwards, keep only the current key
  --forget-unreadable  delete the links no listed key opens (those users reconnect)
Run it while the bot is stopped. DATA_DIR and TOKEN_ENCRYPTION_KEY are read like the bot reads them.`;

async function main(argv: string[]): Promise<number> {
  const flags = new Set(argv);
  const known = ['--generate', '--drop-old-keys', '--forget-unreadable', '--help', '-h'];
  const unknown = [...flags].filter((flag) => !known.includes(flag));
  if (flags.has('--help') || flags.has('-h') || unknown.length > 0) {
    if (unknown.length > 0) process.stderr.write(`Unknown option(s): ${unknown.join(' ')}\n`);
    process.stdout.write(`${USAGE}\n`);
    return unknown.length > 0 ? 2 : 0;
  }
  if (process.env.DATABASE_URL?.trim()) {
    // This tool rotates the embedded store's file; the shared store re-seals at start instead.
    process.stderr.write(
      'With DATABASE_URL the tokens live in PostgreSQL: rotate by setting TOKEN_ENCRYPTION_KEY=NEW,OLD on every instance; ' +
        'the first instance to start re-encrypts them under NEW, after which OLD may be dropped.\n',
    );
    return 2;
  }
  const keyText = process.env.TOKEN_ENCRYPTION_KEY?.trim();
  const configured = keyText ? decodeKeyList(keyText) : undefined;
  if (keyText && !configured) {
    process.stderr.write('TOKEN_ENCRYPTION_KEY must be 32-byte keys (64 hex characters or base64), comma-separated, the current one first.\n');
    return 2;
  }
  const report = await rotateKeys({
    dataDir: process.env.DATA_DIR?.trim() || './data',
    configured,
    generate: flags.has('--generate'),
    dropOldKeys: flags.has('--drop-old-keys'),
    forgetUnreadable: flags.has('--forget-unreadable'),
  });
  const lines = [
    `Keys from: ${report.source}${report.keyFile ? ` (${report.keyFile})` : ''}${report.generated ? ', a new current key was generated' : ''}.`,
    `Stored tokens: ${report.total}; re-encrypted under the current key: ${report.resealed}.`,
    ...(report.forgotten > 0 ? [`Deleted ${report.forgotten} link(s) no key opens; those users reconnect with /talep connect.`] : []),
    ...(report.unreadable > 0 && report.forgotten === 0
      ? [`${report.unreadable} link(s) open with no listed key and were kept (restore their key, or use --forget-unreadable).`]
      : []),
    ...(report.droppedKeys > 0 ? [`Removed ${report.droppedKeys} old key(s) from the key file.`] : []),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`${error instanceof KeyRingError ? 'rotate-key refused' : 'rotate-key failed'}: ${message}\n`);
    process.exit(1);
  },
);
