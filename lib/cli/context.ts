/**
 * What every `hookstream` command works with: its streams, whether to colour, and the exit status it
 * reports. Commands never call `process.exit`: they set the status so that piped output is flushed.
 */
import { HookstreamError, nameErrorClass } from '../core/errors.js';

/** Where a command writes and reads; the real process's streams in `main.ts`, anything in tests. */
export interface CliContext {
  readonly stdout: NodeJS.WritableStream;
  readonly stderr: NodeJS.WritableStream;
  readonly stdin: NodeJS.ReadableStream;
  /** Colour human output on stdout (a TTY, and `NO_COLOR` unset). */
  readonly color: boolean;
  /** Working directory that relative `--settings` paths and the default project dir are resolved against. */
  readonly cwd: string;
  /** The exit status so far; commands raise it, never lower it. */
  status: number;
}

/** A failure the user caused (bad arguments, unreadable files): printed as one message, exit status 1. */
export class CliError extends HookstreamError {
  static {
    nameErrorClass(this, 'CliError');
  }
  constructor(
    message: string,
    readonly exitCode = 1,
  ) {
    super(message);
  }
}

/** The context of the running process. */
export const processContext = (): CliContext => ({
  stdout: process.stdout,
  stderr: process.stderr,
  // A getter: touching process.stdin opens fd 0, which only `--input -` needs.
  get stdin() {
    return process.stdin;
  },
  color: process.stdout.isTTY && process.env.NO_COLOR === undefined,
  cwd: process.cwd(),
  status: 0,
});

/** Writes one line (a newline is added) to stdout. */
export const printLine = (context: CliContext, text = ''): void => {
  context.stdout.write(`${text}\n`);
};

/** Writes one `hookstream: …` line to stderr. */
export const printNote = (context: CliContext, text: string): void => {
  context.stderr.write(`hookstream: ${text}\n`);
};

/** Sets the exit status, keeping a higher one already set. */
export const raiseStatus = (context: CliContext, code: number): void => {
  context.status = Math.max(context.status, code);
};

/** Resolves at the first SIGINT or SIGTERM, for a command that serves until interrupted; the handlers are removed then. */
export const interrupted = (): Promise<NodeJS.Signals> =>
  new Promise((resolveSignal) => {
    const stop = (signal: NodeJS.Signals): void => {
      process.off('SIGINT', stop);
      process.off('SIGTERM', stop);
      resolveSignal(signal);
    };
    process.on('SIGINT', stop);
    process.on('SIGTERM', stop);
  });

/** Reads the whole of `stream` as UTF-8 text. */
export const readAll = async (stream: NodeJS.ReadableStream): Promise<string> => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(typeof chunk === 'string' ? Buffer.from(chunk) : chunk);
  return Buffer.concat(chunks).toString('utf8');
};
