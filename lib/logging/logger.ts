/**
 * The one module that imports winston. A host may inject any winston-compatible logger; the default
 * is silent, except that `DEBUG=hookstream:*` (or `DEBUG=hookstream:<component>`) prints debug lines to stderr.
 */
import winston from 'winston';

/** The subset of a winston logger that hookstream uses. */
export interface Logger {
  debug(message: string, meta?: Record<string, unknown>): unknown;
  info(message: string, meta?: Record<string, unknown>): unknown;
  warn(message: string, meta?: Record<string, unknown>): unknown;
  error(message: string, meta?: Record<string, unknown>): unknown;
  child(meta: Record<string, unknown>): Logger;
  isDebugEnabled?(): boolean;
}

/** DEBUG patterns that turn hookstream's debug output on (`hookstream:*`, `hookstream:planner`, `*`). */
export const debugPatterns = (debug: string | undefined): RegExp[] =>
  (debug ?? '')
    .split(/[\s,]+/)
    .filter((p) => p !== '' && !p.startsWith('-'))
    .map((p) => new RegExp(`^${p.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '.*')}$`));

const componentOf = (component: unknown): string => (typeof component === 'string' ? component : 'core');

const debugFormat = winston.format.printf(({ level, message, component, ...meta }) => {
  const extra = Object.keys(meta).length > 0 ? ` ${JSON.stringify(meta)}` : '';
  return `hookstream:${componentOf(component)} ${level} ${String(message)}${extra}`;
});

/**
 * The library's root logger: the host's when given, else a silent one, else (DEBUG set) a stderr logger.
 * `components` filters which `child({ component })` loggers print under DEBUG.
 */
export const createRootLogger = (host?: Logger, debug = process.env.DEBUG): Logger => {
  if (host) return host;
  const patterns = debugPatterns(debug);
  if (patterns.length === 0) return winston.createLogger({ silent: true });
  const onlyOurs = winston.format((info) => {
    const name = `hookstream:${componentOf(info.component)}`;
    return patterns.some((p) => p.test(name)) ? info : false;
  });
  return winston.createLogger({
    level: 'debug',
    format: winston.format.combine(onlyOurs(), debugFormat),
    // eslint-disable-next-line @typescript-eslint/no-unsafe-class-instance-assignment -- winston's own transport; its typings declare the base class separately
    transports: [new winston.transports.Stream({ stream: process.stderr })],
  });
};

/** One child logger per component (STYLE.md "winston in a library"). */
export const componentLogger = (root: Logger, component: string): Logger => root.child({ component });

/**
 * Whether debug lines from `logger` would go anywhere. Callers check it once so that the hot path
 * builds no log metadata for a silent logger (a silent winston logger still costs ~15 µs a call).
 */
export const isDebugLogging = (logger: Logger): boolean => {
  if ((logger as { silent?: boolean }).silent === true) return false;
  return logger.isDebugEnabled ? logger.isDebugEnabled() : true;
};
