/**
 * `npm run bench`: the client's hot paths without the network — how fast the throttle dispatches a
 * large queue, and what encoding parameters and decoding a talep through the endpoint table costs, in
 * the spec's shape and in real servers' shapes (which the schemas normalise to the same records).
 */
import { readFileSync } from 'node:fs';
import { bench, describe } from 'vitest';
import { endpoints } from '../src/api/endpoints.js';
import { Throttle } from '../src/api/throttle.js';

const talepJson = {
  TalepID: 12, Subject: 'Yazıcı çalışmıyor', Body: 'Kağıt sıkıştı', Status: 'New', Priority: 0, CategoryName: 'Hardware',
  Attachments: [{ FileName: 'a.png', Url: 'https://hd/api/attachment?id=1' }], Tags: [{ Name: 'printer' }],
  SubmitterUserInfo: { UserID: 4, Username: 'user' }, AssigneeUserInfo: null, DueDate: '2026-12-01T17:00:00Z',
  ResolvedDate: null, TimeSpentInSeconds: 0, UpdatedByPerformer: false,
};

const realFixture = (file: string): unknown => JSON.parse(readFileSync(new URL(`../test/fixtures/real/${file}`, import.meta.url), 'utf8'));
const realTalepJson = realFixture('getTalep.json');
const realSearchRows = Array.from({ length: 25 }, () => realFixture('search.json') as unknown[]).flat();

describe('throttle', () => {
  bench('500 calls from 50 users through the round-robin queue (budget 1000/min)', async () => {
    const throttle = new Throttle({ limits: { general: 1000, search: 1000 } });
    await Promise.all(Array.from({ length: 500 }, (_, i) => throttle.acquire({ budget: 'general', userKey: `u${i % 50}` })));
  });

  bench('90 calls through the sliding window (all fit)', async () => {
    const throttle = new Throttle();
    await Promise.all(Array.from({ length: 90 }, (_, i) => throttle.acquire({ budget: 'general', userKey: `u${i % 9}` })));
  });
});

describe('endpoint table', () => {
  bench('encode search parameters', () => {
    endpoints.search.params.encode({ query: 'printer', categoryId: [1, 2, 3], statusId: [1, 2], dateFrom: new Date(0) });
  });

  bench('decode a talep response', () => {
    endpoints.getTalep.response.schema.parse(talepJson);
  });

  bench('decode a real talep response (IssueID, full user records)', () => {
    endpoints.getTalep.response.schema.parse(realTalepJson);
  });

  bench('decode 50 real Search list rows', () => {
    endpoints.search.response.schema.parse(realSearchRows);
  });
});
