/**
 * The few web pages of the sandbox, outside the API: the start page, the token page (`/User/Token`),
 * and minimal talep and article views (what "Open in help desk" links open). Plain HTML, escaped.
 */
import type { ResponseStyle } from '../api/shapes.js';
import { canSeeArticle, canSeeComment, visibleTalep } from './access.js';
import { notFound } from './errors.js';
import type { SandboxData, UserRow } from './model.js';
import { articleRecord, commentRecord, type SiteUrls, talepRecord } from './records.js';

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char] ?? char);

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:46rem;margin:2rem auto;padding:0 1rem;color:#222}
code,pre{background:#f4f4f4;padding:.1rem .3rem;border-radius:4px}pre{padding:.6rem;white-space:pre-wrap}
.meta{color:#666}.internal{border-left:3px solid #e0a800;padding-left:.6rem}table{border-collapse:collapse}
td,th{border:1px solid #ddd;padding:.3rem .6rem;text-align:left}</style></head>
<body>${body}</body></html>`;
}

export function startPage(urls: SiteUrls, accounts: { username: string; role: string; email: string }[], password: string): string {
  const rows = accounts
    .map((account) => `<tr><td><code>${escapeHtml(account.username)}</code></td><td>${escapeHtml(account.role)}</td><td>${escapeHtml(account.email)}</td></tr>`)
    .join('');
  return layout(
    'Help-desk sandbox',
    `<h1>Help-desk sandbox</h1>
<p>A local help desk that implements the REST API. API base: <code>${escapeHtml(urls.api)}</code></p>
<p>Demo accounts (password <code>${escapeHtml(password)}</code>):</p>
<table><tr><th>User</th><th>Role</th><th>E-mail</th></tr>${rows}</table>
<p>Your API token: <a href="${escapeHtml(urls.root)}/User/Token">${escapeHtml(urls.root)}/User/Token</a> (sign in with Basic auth).</p>`,
  );
}

export function tokenPage(user: UserRow, token: string): string {
  return layout(
    'Your API token',
    `<h1>API token of ${escapeHtml(user.username)}</h1>
<p>Send it as <code>Authorization: Bearer &lt;token&gt;</code>. Changing your password invalidates it.</p>
<pre id="token">${escapeHtml(token)}</pre>`,
  );
}

export function talepPage(data: SandboxData, user: UserRow, id: number, urls: SiteUrls, style: ResponseStyle): string {
  const talep = visibleTalep(data, user, id);
  const record = talepRecord(data, talep, urls, () => true, style);
  const comments = data.comments
    .filter((comment) => comment.talepId === talep.id && canSeeComment(user, comment))
    .map((comment) => commentRecord(data, comment))
    .map(
      (comment) =>
        `<div class="${comment.ForTechsOnly ? 'internal' : ''}"><p class="meta">${escapeHtml(comment.UserName)}, ${comment.CommentDate.toISOString()}${comment.ForTechsOnly ? ' (agents only)' : ''}</p><pre>${escapeHtml(comment.Body)}</pre></div>`,
    )
    .join('');
  return layout(
    `#${talep.id} ${talep.subject}`,
    `<h1>#${talep.id} ${escapeHtml(talep.subject)}</h1>
<p class="meta">${escapeHtml(record.Status)} · ${escapeHtml(record.CategoryName)} · submitted by ${escapeHtml(record.SubmitterUserInfo.Username ?? '')}
${record.AssigneeUserInfo ? ` · assigned to ${escapeHtml(record.AssigneeUserInfo.Username ?? '')}` : ' · unassigned'}</p>
<pre>${escapeHtml(talep.body)}</pre><h2>Comments</h2>${comments || '<p>No comments.</p>'}`,
  );
}

export function articlePage(data: SandboxData, user: UserRow, id: number, urls: SiteUrls): string {
  const article = data.articles.find((row) => row.id === id);
  if (!article || !canSeeArticle(user, article)) throw notFound('Article', id);
  const record = articleRecord(data, article, urls);
  return layout(record.Subject, `<h1>${escapeHtml(record.Subject)}</h1><p class="meta">${escapeHtml(record.CategoryName)}</p><pre>${escapeHtml(record.Body)}</pre>`);
}
