#!/usr/bin/env node
/**
 * The `hookstream` executable (package.json `bin`). The exit status is set, not forced with
 * `process.exit`, so output piped to another program is flushed first.
 */
import { processContext } from './context.js';
import { runCli } from './program.js';

/** The status of a process a closed pipe stopped (128 + SIGPIPE), as a shell reports it. */
const CLOSED_PIPE_STATUS = 141;

// A reader that stops early (`hookstream list | head`) closes the pipe. Stop at once, as Unix tools stop on
// SIGPIPE, instead of crashing on an unhandled EPIPE; with a status that is not 0, since an answer the reader
// never got is not an allow.
for (const stream of [process.stdout, process.stderr]) {
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EPIPE') throw error;
    process.exit(CLOSED_PIPE_STATUS);
  });
}

process.exitCode = await runCli(process.argv.slice(2), processContext());
