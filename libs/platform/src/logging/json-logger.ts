import type { LoggerService } from '@nestjs/common';
import { currentRequestId } from './request-context.js';

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevelName = (typeof LOG_LEVELS)[number];
type EntryLevel = Exclude<LogLevelName, 'silent'> | 'fatal';

const SEVERITY: Record<EntryLevel | 'silent', number> = {
  debug: 10,
  info: 20,
  warn: 30,
  error: 40,
  fatal: 50,
  silent: 100,
};

// Nest's own start-up chatter (one line per module and per route) is debug material:
// a service announces itself with a single "ready" line.
const CHATTY_NEST_CONTEXTS = new Set([
  'NestFactory',
  'InstanceLoader',
  'RoutesResolver',
  'RouterExplorer',
  'NestApplication',
]);

export type LogFields = Record<string, unknown>;

export interface JsonLoggerOptions {
  service: string;
  level: LogLevelName;
  /** Where lines go (default: stdout, which is synchronous for files and pipes on Linux). */
  write?: (line: string) => void;
  /** Default context of this logger (a class or component name). */
  context?: string;
}

/**
 * One JSON object per line: time, level, msg, service, context, requestId, then any fields.
 * Implements Nest's LoggerService so that Nest's own messages come out in the same shape.
 */
export class JsonLogger implements LoggerService {
  private readonly threshold: number;
  private readonly write: (line: string) => void;

  constructor(private readonly options: JsonLoggerOptions) {
    this.threshold = SEVERITY[options.level];
    this.write = options.write ?? ((line) => process.stdout.write(line));
  }

  get service(): string {
    return this.options.service;
  }

  /** The same logger with another default context. */
  forContext(context: string): JsonLogger {
    return new JsonLogger({ ...this.options, write: this.write, context });
  }

  isEnabled(level: EntryLevel): boolean {
    return SEVERITY[level] >= this.threshold;
  }

  // Structured API, for our own code.
  debug(message: unknown, ...params: unknown[]): void {
    this.fromNest('debug', message, params);
  }
  info(msg: string, fields: LogFields = {}): void {
    this.entry('info', msg, fields);
  }
  /** An error entry carrying the error's message, name and stack. */
  exception(msg: string, error: unknown, fields: LogFields = {}): void {
    this.entry('error', msg, { ...fields, ...describeError(error) });
  }

  // Nest's LoggerService API: (message, ...optionalParams, context?).
  log(message: unknown, ...params: unknown[]): void {
    this.fromNest('info', message, params);
  }
  warn(message: unknown, ...params: unknown[]): void {
    this.fromNest('warn', message, params);
  }
  error(message: unknown, ...params: unknown[]): void {
    this.fromNest('error', message, params);
  }
  verbose(message: unknown, ...params: unknown[]): void {
    this.fromNest('debug', message, params);
  }
  fatal(message: unknown, ...params: unknown[]): void {
    this.fromNest('fatal', message, params);
  }

  /** Writes one entry; `fields` may override context and requestId. */
  entry(level: EntryLevel, msg: string, fields: LogFields = {}): void {
    if (!this.isEnabled(level)) return;
    const line: LogFields = {
      time: new Date().toISOString(),
      level,
      msg,
      service: this.options.service,
      context: this.options.context,
      requestId: currentRequestId(),
      ...fields,
    };
    this.write(`${safeStringify(line)}\n`);
  }

  private fromNest(level: EntryLevel, message: unknown, params: unknown[]): void {
    const rest = [...params];
    const fields: LogFields = {};
    // Nest passes the context last, as a string.
    if (rest.length > 0 && typeof rest[rest.length - 1] === 'string') fields.context = rest.pop();
    if (level === 'info' && CHATTY_NEST_CONTEXTS.has(String(fields.context))) level = 'debug';
    if (!this.isEnabled(level)) return;
    // Nest's error(message, stack, context) passes the stack as a string.
    for (const param of rest) {
      if (typeof param === 'string' && /\n\s+at /.test(param)) fields.stack = param;
      else if (param instanceof Error) Object.assign(fields, describeError(param));
      else if (param && typeof param === 'object') Object.assign(fields, param);
      else if (param !== undefined) fields.detail = param;
    }
    if (message instanceof Error) {
      Object.assign(fields, describeError(message));
      this.entry(level, message.message, fields);
    } else if (message && typeof message === 'object') {
      const { msg, message: text, ...others } = message as LogFields;
      this.entry(level, String(msg ?? text ?? ''), { ...others, ...fields });
    } else {
      this.entry(level, String(message), fields);
    }
  }
}

export function describeError(error: unknown): LogFields {
  if (error instanceof Error)
    return { err: error.message, errName: error.name, stack: error.stack };
  return { err: String(error) };
}

function safeStringify(value: unknown): string {
  try {
    return JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? v.toString() : v));
  } catch {
    const { time, level, msg, service } = value as LogFields;
    return JSON.stringify({ time, level, msg, service, note: 'unserialisable fields dropped' });
  }
}
