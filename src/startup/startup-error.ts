/**
 * A start-up check that failed: its message is one sentence saying what is wrong and what to do, and
 * the entry point prints it alone (no stack) and exits 1, so a process manager's log shows the cause.
 */
export class StartupError extends Error {
  override readonly name = 'StartupError';
}
