/**
 * Version 2: the durable job queue (the outbox). A claim sets a lease (`lease_until`); a worker that
 * dies stops renewing it and another instance takes the job over once it has expired.
 */
export const version = 2;
export const name = 'jobs';
export const sql = `
CREATE TABLE jobs (
  id uuid PRIMARY KEY,
  -- Insertion order: the tie-break among jobs created in the same instant.
  seq bigserial NOT NULL,
  kind text NOT NULL,
  key text NOT NULL UNIQUE,
  payload jsonb NOT NULL,
  actor text,
  state text NOT NULL CHECK (state IN ('pending', 'running', 'done', 'dead', 'cancelled')),
  run_at timestamptz NOT NULL,
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  max_attempts integer NOT NULL CHECK (max_attempts >= 1),
  last_error text,
  history jsonb NOT NULL DEFAULT '[]',
  result jsonb,
  progress jsonb,
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  claimed_by text,
  claimed_at timestamptz,
  lease_until timestamptz
);
CREATE INDEX jobs_due ON jobs (run_at, created_at, seq) WHERE state = 'pending';
CREATE INDEX jobs_leases ON jobs (lease_until) WHERE state = 'running';
CREATE INDEX jobs_actor ON jobs (actor, created_at, seq) WHERE actor IS NOT NULL;
CREATE INDEX jobs_finished ON jobs (state, updated_at) WHERE state IN ('done', 'dead', 'cancelled');
`;
