/**
 * The sandbox's data: one lowdb document, in a JSON file under the data directory (restarts keep it)
 * or in memory for tests. Handlers change `data` in place and call `save()` once per request.
 * It holds users' password hashes and data, so the file is 0600 in a 0700 directory.
 */
import { type Adapter, Low, Memory } from 'lowdb';
import { PrivateJsonFile } from '../store/private-files.js';
import { emptyData, type SandboxData, type TableName, tableNames } from './model.js';

export interface SandboxStore {
  readonly data: SandboxData;
  /** The next free id of a table; ids are never reused. */
  nextId(table: TableName): number;
  /** Persists the document (a no-op cost in memory). */
  save(): Promise<void>;
  /** Whether the store held no data when it was opened. */
  readonly wasEmpty: boolean;
}

export interface OpenStoreOptions {
  /** JSON file; omitted = in memory. */
  dataFile?: string;
  /** Fills an empty store (called once, before the first save). */
  seed?: () => SandboxData;
}

export async function openStore(options: OpenStoreOptions = {}): Promise<SandboxStore> {
  let adapter: Adapter<SandboxData>;
  if (options.dataFile) {
    // Not lowdb's JSONFilePreset: it silently switches to memory when NODE_ENV=test (as under vitest),
    // and the persistence tests need the real file. The adapter makes the directory (0700) on read.
    adapter = new PrivateJsonFile<SandboxData>(options.dataFile);
  } else {
    adapter = new Memory<SandboxData>();
  }
  const db = new Low<SandboxData>(adapter, emptyData());
  await db.read();
  const wasEmpty = db.data.users.length === 0 && db.data.taleps.length === 0;
  if (wasEmpty && options.seed) {
    db.data = options.seed();
    await db.write();
  } else {
    db.data = upgrade(db.data, options.dataFile);
  }

  return {
    get data() {
      return db.data;
    },
    wasEmpty,
    nextId(table) {
      const last = existingIds(db.data, table).reduce((max, id) => Math.max(max, id), db.data.lastIds[table] ?? 0);
      db.data.lastIds[table] = last + 1;
      return last + 1;
    },
    save: () => db.write(),
  };
}

/** Checks a loaded file and adds tables a newer sandbox version introduced. */
function upgrade(loaded: SandboxData, file: string | undefined): SandboxData {
  if (typeof loaded !== 'object' || loaded === null || loaded.version !== 1) {
    throw new Error(`${file ?? 'The sandbox store'} is not a sandbox data file (version 1). Move it away to start afresh.`);
  }
  const fresh = emptyData();
  const data = { ...fresh, ...loaded, lastIds: { ...fresh.lastIds, ...loaded.lastIds } };
  for (const table of tableNames) {
    const rows = (data as unknown as Record<string, unknown>)[table];
    if (rows !== undefined && !Array.isArray(rows)) throw new Error(`${file}: "${table}" must be an array.`);
  }
  return data;
}

function existingIds(data: SandboxData, table: TableName): number[] {
  if (table === 'customFieldOptions') return data.customFields.flatMap((field) => field.options.map((option) => option.id));
  return data[table].map((row) => row.id);
}
