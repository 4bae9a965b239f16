/**
 * UpdateComment's rule as the spec states it — "only the comment author, the agent of the category, or
 * admin" — over raw HTTP. Each test gets a fresh sandbox (seed: comment 1 by agent and 2 by user on
 * talep 2, Network; 4 by agent2 on talep 3, Software; 8 agents-only by agent on admin's talep 7).
 */
import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import type { Sandbox } from '../../src/sandbox/server.js';
import { send, startTestSandbox } from './sandbox-http.js';

let sandbox: Sandbox;
beforeEach(async () => {
  sandbox = await startTestSandbox();
});
afterEach(() => sandbox.close());

type Row = Record<string, unknown>;
const edit = (auth: string, id: number, body: string, extra: Record<string, string> = {}) =>
  send(sandbox, '/updatecomment', { auth, form: { id: String(id), body, ...extra } });
const commentsOf = async (talepId: number, auth = 'admin:demo') => {
  const response = await send(sandbox, '/comments', { auth, query: { id: String(talepId) } });
  expect(response.status, response.text).toBe(200);
  return response.json<Row[]>();
};
const bodyOf = async (talepId: number, commentId: number) => (await commentsOf(talepId)).find((row) => row.CommentID === commentId)?.Body;

describe('updatecomment permissions', () => {
  test('the author, an agent of the category and an admin may edit; an agent of another category may not', async () => {
    expect((await edit('agent2:demo', 4, 'agent2 edits own')).status).toBe(200);
    expect(await bodyOf(3, 4)).toBe('agent2 edits own');
    expect((await edit('agent:demo', 4, 'agent of Software edits')).status).toBe(200);
    expect((await edit('admin:demo', 4, 'admin edits')).status).toBe(200);
    expect(await bodyOf(3, 4)).toBe('admin edits');

    const outside = await edit('agent2:demo', 1, 'not my category');
    expect(outside.status).toBe(403);
    expect(outside.text).toContain('its author, an agent of the talep');
    expect(await bodyOf(2, 1)).toBe('Can you send a screenshot of the error?');
  });

  test("a regular user may edit their own comment and nobody else's, and learns nothing of hidden ones", async () => {
    expect((await edit('user:demo', 2, 'Attached. Error 809.')).status).toBe(200);
    expect(await bodyOf(2, 2)).toBe('Attached. Error 809.');
    expect((await edit('user:demo', 1, 'mine?')).status).toBe(403);
    // Agents-only comment 8 on admin's talep 7: refused like any other talep that is not theirs.
    const hidden = await edit('user:demo', 8, 'x');
    expect(hidden.status).toBe(403);
    expect(hidden.text).not.toContain('Firmware');
    expect((await edit('user:demo', 999, 'x')).status).toBe(404);
  });

  test('the author keeps the right after their talep was merged into someone else’s', async () => {
    expect((await send(sandbox, '/MergeTaleps', { auth: 'agent:demo', form: { id: '5', id2: '2' } })).status).toBe(200);
    // Talep 5 is agent2's: the user can no longer read it, but comment 2 is still theirs.
    expect((await send(sandbox, '/comments', { auth: 'user:demo', query: { id: '5' } })).status).toBe(403);
    expect((await edit('user:demo', 2, 'Edited after the merge')).status).toBe(200);
    expect(await bodyOf(5, 2)).toBe('Edited after the merge');
    // Someone else's comment on that talep stays out of reach.
    expect((await edit('user:demo', 1, 'x')).status).toBe(403);
  });

  test('an agents-only comment written for a regular user (fromUserId) is still theirs to edit', async () => {
    const added = await send(sandbox, '/comment', { auth: 'admin:demo', form: { id: '1', body: 'On behalf of the user', fromUserId: '4', forTechsOnly: 'true' } });
    expect(added.status, added.text).toBe(200);
    const mine = (await commentsOf(1)).at(-1);
    expect(mine).toMatchObject({ UserID: 4, ForTechsOnly: true });
    expect((await edit('user:demo', mine?.CommentID as number, 'Corrected by the user')).status).toBe(200);
    expect(await bodyOf(1, mine?.CommentID as number)).toBe('Corrected by the user');
    // Still agents-only: the user's own list does not show it.
    expect((await commentsOf(1, 'user:demo')).map((row) => row.CommentID)).not.toContain(mine?.CommentID);
  });
});
