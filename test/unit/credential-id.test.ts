/**
 * A credential's id: the same for the same secret whichever object carries it (ids are kept per object,
 * so a call does not hash its token several times), different for another secret, and never the secret.
 */
import { describe, expect, it } from 'vitest';
import { basic, bearer, credentialId } from '../../src/api/auth.js';

describe('credentialId', () => {
  it('is the same for the same secret in another object, and stable when asked again', () => {
    const one = bearer('token-abc');
    const id = credentialId(one);
    expect(credentialId(one)).toBe(id);
    expect(credentialId(bearer(' token-abc '))).toBe(id);
    expect(id).toMatch(/^[0-9a-f]{32}$/);
  });

  it('differs between secrets and kinds, and does not contain the secret', () => {
    const ids = [credentialId(bearer('token-abc')), credentialId(bearer('token-abd')), credentialId(basic('ali', 'token-abc'))];
    expect(new Set(ids).size).toBe(3);
    for (const id of ids) expect(id).not.toContain('token');
  });
});
