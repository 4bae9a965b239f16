/**
 * Slack delivery keys claimed in PostgreSQL: of two instances offered the same key at once exactly one
 * is first; the copy gets the first one's recorded ack; an expired claim is a new delivery.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PgDeliveries } from '../../src/cluster/deliveries.js';
import { ensureClusterSchema } from '../../src/cluster/schema.js';
import { freshSchema, pgAvailable, type TestSchema } from '../support/pg-schema.js';

describe.skipIf(!pgAvailable)('shared deliveries (PostgreSQL)', () => {
  let schema: TestSchema;
  beforeAll(async () => {
    schema = await freshSchema('deliveries');
    await ensureClusterSchema(schema.pool({ max: 1 }));
  });
  afterAll(async () => schema?.drop());

  it('one claim wins among many instances at once; copies answer with its ack', async () => {
    const instances = Array.from({ length: 3 }, (_, i) => new PgDeliveries({ pool: schema.pool(), instance: `i${i}`, pollMs: 20 }));
    const claims = await Promise.all(instances.flatMap((d) => [d.claim('view:V1:h1'), d.claim('view:V1:h1')]));
    expect(claims.filter(Boolean)).toHaveLength(1);
    const winner = instances[Math.floor(claims.indexOf(true) / 2)]!;
    const copy = instances.find((d) => d !== winner)!;
    const waiting = copy.firstAck('view:V1:h1', 2_000);
    await winner.acked('view:V1:h1', { response_action: 'update', view: { type: 'modal' } });
    await expect(waiting).resolves.toEqual({ response_action: 'update', view: { type: 'modal' } });
  });

  it('a copy without an ack after the wait answers a plain ack; an expired claim is claimed again', async () => {
    const short = new PgDeliveries({ pool: schema.pool(), instance: 'a', ttlMs: 50, pollMs: 20 });
    expect(await short.claim('event:Ev1')).toBe(true);
    expect(await short.claim('event:Ev1')).toBe(false);
    await expect(short.firstAck('event:Ev1', 100)).resolves.toBeUndefined();
    await new Promise((resolve) => setTimeout(resolve, 80));
    expect(await short.claim('event:Ev1')).toBe(true);
  });
});
