#!/usr/bin/env node
/**
 * The policy suite as node command hooks: one entry, the same cores the function hooks use.
 *
 *   node demos/policies/bin/hook.mjs <policy> ['<options as JSON>']
 *
 * policies: protect-paths, dangerous-commands, redact-secrets, read-only, loop-guard, project-context.
 * Reads one hook input (JSON) on stdin, prints the output JSON (nothing when the policy has nothing to
 * say) and exits 0; a broken input or option exits 1, which hookstream treats as a fail-open warning.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decideStop } from './core/loopGuard.mjs';
import { decideWrite } from './core/paths.mjs';
import { decideContext, readContextFiles } from './core/projectContext.mjs';
import { decideToolSelection } from './core/readOnly.mjs';
import { decideSecrets } from './core/secrets.mjs';
import { decideShell } from './core/shell.mjs';

const projectDirOf = (input) => process.env.HOOKSTREAM_PROJECT_DIR ?? input.cwd;

/** Loop-guard state lives in a file per session, since every stop is a new process. */
function loopGuard(input, options) {
  const dir = options.stateDir ?? process.env.HOOKSTREAM_STATE_DIR ?? path.join(tmpdir(), 'hookstream-loop-guard');
  const file = path.join(dir, `${createHash('sha256').update(String(input.session_id)).digest('hex')}.json`);
  const state = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
  const decided = decideStop(input, state, options);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(file, JSON.stringify(decided.state), { mode: 0o600 });
  return decided.output;
}

const POLICIES = {
  'protect-paths': (input, options) => decideWrite(input, { projectDir: projectDirOf(input), ...options }),
  'dangerous-commands': (input, options) => decideShell(input, options),
  'redact-secrets': (input, options) => decideSecrets(input, { projectDir: projectDirOf(input), ...options }),
  'read-only': (input, options) => {
    const marker = path.join(projectDirOf(input), '.hookstream', 'read-only');
    const readOnly = options.readOnly ?? (process.env.HOOKSTREAM_READ_ONLY === '1' || existsSync(marker));
    return decideToolSelection(input, { ...options, readOnly });
  },
  'loop-guard': loopGuard,
  'project-context': async (input, options) => {
    const files = await readContextFiles(projectDirOf(input), options.files, options.maxBytes);
    return decideContext(files, options);
  },
};

async function main() {
  const [name, json] = process.argv.slice(2);
  const policy = POLICIES[name];
  if (policy === undefined) throw new Error(`unknown policy "${name}"; one of: ${Object.keys(POLICIES).join(', ')}`);
  const options = json === undefined ? {} : JSON.parse(json);
  const input = JSON.parse(readFileSync(0, 'utf8'));
  const output = await policy(input, options);
  if (output !== undefined) process.stdout.write(`${JSON.stringify(output)}\n`);
}

main().catch((error) => {
  process.stderr.write(`hook.mjs: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
});
