/** The page's calls to the playground server (./protocol.ts says what each carries). */
import type {
  ActionRequest,
  CloseRequest,
  CommandRequest,
  HomeRequest,
  OptionsAnswer,
  OptionsRequest,
  PostMessageRequest,
  ShortcutRequest,
  Snapshot,
  SubmitAnswer,
  SubmitRequest,
  UploadedFile,
} from './protocol.js';

/** The server said no (a closed view, a message that is gone…): its one sentence. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
}

async function answerOf<T>(response: Response): Promise<T> {
  const body = (await response.json().catch(() => ({}))) as T & { error?: string };
  if (!response.ok) throw new ApiError(body.error ?? `The playground answered HTTP ${response.status}.`);
  return body;
}

const post = async <T>(path: string, body: unknown): Promise<T> =>
  answerOf<T>(await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }));

export const api = {
  state: async (as: string): Promise<Snapshot> => answerOf<Snapshot>(await fetch(`/api/state?as=${encodeURIComponent(as)}`, { cache: 'no-store' })),
  message: (request: PostMessageRequest) => post<{ ok: true }>('/api/message', request),
  command: (request: CommandRequest) => post<{ ok: true }>('/api/command', request),
  shortcut: (request: ShortcutRequest) => post<{ ok: true }>('/api/shortcut', request),
  action: (request: ActionRequest) => post<{ ok: true }>('/api/action', request),
  options: (request: OptionsRequest) => post<OptionsAnswer>('/api/options', request),
  submit: (request: SubmitRequest) => post<SubmitAnswer>('/api/submit', request),
  close: (request: CloseRequest) => post<{ ok: true }>('/api/close', request),
  home: (request: HomeRequest) => post<{ ok: true }>('/api/home', request),
  upload: async (as: string, file: File): Promise<UploadedFile> =>
    answerOf<UploadedFile>(
      await fetch(`/api/upload?as=${encodeURIComponent(as)}&name=${encodeURIComponent(file.name)}`, {
        method: 'POST',
        headers: { 'content-type': file.type || 'application/octet-stream' },
        body: file,
      }),
    ),
};
