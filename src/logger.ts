/**
 * Bolt's Logger interface, with secrets redacted from every line: Slack tokens, Bearer/Basic
 * headers, and anything that looks like a token= value. Logs are where secrets usually leak.
 */
import { type Logger, LogLevel } from '@slack/bolt';

const SECRET_PATTERNS: [RegExp, string][] = [
  [/\bxox[abpors]-[A-Za-z0-9-]+/g, 'xox?-[redacted]'],
  [/\bxapp-[A-Za-z0-9-]+/g, 'xapp-[redacted]'],
  [/\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]+/gi, '$1 [redacted]'],
  [/("?(?:token|password|authorization|secret)"?\s*[:=]\s*"?)[^"\s,&}]+/gi, '$1[redacted]'],
];

export function redact(text: string): string {
  return SECRET_PATTERNS.reduce((out, [pattern, replacement]) => out.replace(pattern, replacement), text);
}

const order: Record<LogLevel, number> = {
  [LogLevel.DEBUG]: 0,
  [LogLevel.INFO]: 1,
  [LogLevel.WARN]: 2,
  [LogLevel.ERROR]: 3,
};

function format(part: unknown): string {
  if (part instanceof Error) return `${part.name}: ${part.message}${part.stack ? `\n${part.stack}` : ''}`;
  if (typeof part === 'string') return part;
  try {
    return JSON.stringify(part);
  } catch {
    return String(part);
  }
}

export function createLogger(level: LogLevel | `${LogLevel}` = LogLevel.INFO, sink: (line: string) => void = (line) => process.stderr.write(`${line}\n`)): Logger {
  let current = level as LogLevel;
  let name = 'talep-bot';
  const write = (at: LogLevel, parts: unknown[]) => {
    if (order[at] < order[current]) return;
    sink(redact(`${new Date().toISOString()} ${at.toUpperCase()} [${name}] ${parts.map(format).join(' ')}`));
  };
  return {
    debug: (...parts) => write(LogLevel.DEBUG, parts),
    info: (...parts) => write(LogLevel.INFO, parts),
    warn: (...parts) => write(LogLevel.WARN, parts),
    error: (...parts) => write(LogLevel.ERROR, parts),
    setLevel: (next) => {
      current = next;
    },
    getLevel: () => current,
    setName: (next) => {
      name = next;
    },
  };
}

/**
 * The logger handed to Bolt, its WebClient and Socket Mode client: their info, warnings and errors pass
 * through (redacted), their debug lines do not — those carry whole payloads (message text, modal
 * values, agents-only comments). The bot's own debug lines (help-desk calls, `slack/call-log.ts`) say
 * which call, its status and how long it took.
 */
export function quietFrameworkLogger(base: Logger): Logger {
  return {
    debug: () => undefined,
    info: (...parts) => base.info(...parts),
    warn: (...parts) => base.warn(...parts),
    error: (...parts) => base.error(...parts),
    // Bolt sets its log level on the logger it is given; the bot's level is the base logger's business.
    setLevel: () => undefined,
    getLevel: () => base.getLevel(),
    setName: () => undefined,
  };
}
