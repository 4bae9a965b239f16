/** Help-desk records for view tests: a talep and a comment with plain defaults, changed per test. */
import type { Comment, Talep } from '../../src/api/schemas.js';

export function talepRecord(overrides: Partial<Talep> = {}): Talep {
  return {
    TalepID: 12,
    Subject: 'Printer jams',
    Body: 'It jams on every page.',
    Status: 'New',
    StatusID: 1,
    Priority: 0,
    CategoryName: 'Hardware',
    CategoryID: 1,
    Attachments: [{ FileName: 'jam.png', Url: 'https://hd.example.com/api/attachment?id=1' }],
    Tags: [{ Name: 'printer' }],
    SubmitterUserInfo: { UserID: 4, Username: 'user' },
    AssigneeUserInfo: null,
    DueDate: null,
    ResolvedDate: null,
    TimeSpentInSeconds: 0,
    UpdatedByPerformer: false,
    Url: 'https://hd.example.com/helpdesk/Talep/View/12',
    ...overrides,
  };
}

/** Comment `id` of talep 12 by the agent (user #2), an hour apart by id. */
export function commentRecord(id: number, body: string, overrides: Partial<Comment> = {}): Comment {
  return {
    CommentID: id,
    IssueID: 12,
    UserID: 2,
    UserName: 'agent',
    Email: 'agent@example.com',
    IsSystem: false,
    ForTechsOnly: false,
    Body: body,
    CommentDate: new Date(Date.UTC(2026, 0, 10, id)),
    ...overrides,
  };
}
