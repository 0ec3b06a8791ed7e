#!/usr/bin/env node
/**
 * The `hookstream` executable (package.json `bin`). The exit status is set, not forced with
 * `process.exit`, so output piped to another program is flushed first.
 */
import { processContext } from './context.js';
import { runCli } from './program.js';

process.exitCode = await runCli(process.argv.slice(2), processContext());
