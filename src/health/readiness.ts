/**
 * Readiness: named checks run together, each with a time limit, answered as one report — what
 * `GET /readyz` serves (503 unless every check passes). Liveness (`/healthz`) needs no check: a process
 * that answers is alive.
 */
export interface CheckResult {
  ok: boolean;
  /** One line for a person reading the report. */
  detail: string;
}

export type ReadinessCheck = () => CheckResult | Promise<CheckResult>;

export interface ReadinessReport {
  status: 'ready' | 'not ready';
  checks: Record<string, { status: 'ok' | 'failing'; detail: string }>;
}

export class Readiness {
  readonly #checks = new Map<string, ReadinessCheck>();
  readonly #timeoutMs: number;

  constructor(options: { timeoutMs?: number } = {}) {
    this.#timeoutMs = options.timeoutMs ?? 3_000;
  }

  add(name: string, check: ReadinessCheck): this {
    this.#checks.set(name, check);
    return this;
  }

  async report(): Promise<ReadinessReport> {
    const entries = await Promise.all(
      [...this.#checks].map(async ([name, check]) => [name, await this.#run(check)] as const),
    );
    const checks = Object.fromEntries(
      entries.map(([name, result]) => [name, { status: result.ok ? ('ok' as const) : ('failing' as const), detail: result.detail }]),
    );
    return { status: entries.every(([, result]) => result.ok) ? 'ready' : 'not ready', checks };
  }

  async #run(check: ReadinessCheck): Promise<CheckResult> {
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<CheckResult>((resolve) => {
      timer = setTimeout(() => resolve({ ok: false, detail: `no answer within ${this.#timeoutMs} ms` }), this.#timeoutMs);
      timer.unref();
    });
    try {
      return await Promise.race([Promise.resolve().then(check), late]);
    } catch (error) {
      return { ok: false, detail: error instanceof Error ? error.message : String(error) };
    } finally {
      clearTimeout(timer);
    }
  }
}
