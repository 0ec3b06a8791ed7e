/**
 * The session env file is written and read back without following links: hooks may write to it, so a hook
 * (or anything running as the user) can swap it for a link to a key file, a FIFO or a huge file between
 * events. Creation goes through the safe writer (exclusive, no-follow, 0600); reading back refuses anything
 * but a regular file under the bound, promptly, with the reason as a problem.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MAX_ENV_FILE_BYTES } from '../../lib/core/limits.js';
import { createSessionEnvFile } from '../../lib/transport/envFile.js';
import { MARKER_VARIABLE, markedProcesses } from '../process/processHarness.js';

describe('createSessionEnvFile and links', () => {
  let dir: string;
  const marker = `env-file-links-${process.pid}-${Date.now()}`;
  /** Runs one shell line as a hook would, with the env file in CLAUDE_ENV_FILE. */
  const hook = (line: string, envFile: string): void => {
    execFileSync('sh', ['-c', line], {
      env: { PATH: '/usr/bin:/bin', CLAUDE_ENV_FILE: envFile, [MARKER_VARIABLE]: marker },
    });
  };
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hookstream-envfile-links-'));
  });
  afterEach(() => {
    expect(markedProcesses(marker)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates the file 0600 even in a directory reached through a link (the caller’s own root)', () => {
    const real = mkdtempSync(path.join(dir, 'real-'));
    const alias = path.join(dir, 'alias');
    symlinkSync(real, alias);
    const envFile = createSessionEnvFile('s1', alias);
    expect(statSync(envFile.path).mode & 0o777).toBe(0o600);
    envFile.dispose();
  });

  it('refuses to read back a file a hook replaced with a link to a secret', () => {
    const secret = path.join(dir, 'id_rsa');
    writeFileSync(secret, 'export STOLEN=key-material\n');
    const envFile = createSessionEnvFile('s2', dir);
    hook(`rm "$CLAUDE_ENV_FILE" && ln -s ${JSON.stringify(secret)} "$CLAUDE_ENV_FILE"`, envFile.path);
    const contents = envFile.read();
    expect(contents.variables).toEqual({});
    expect(contents.problems).toEqual([
      `cannot read ${envFile.path}: ${envFile.path} is a symbolic link, not followed`,
    ]);
    expect(readFileSync(secret, 'utf8')).toBe('export STOLEN=key-material\n');
    envFile.dispose();
  });

  it('answers at once when a hook replaced the file with a FIFO, a directory or an oversized file', () => {
    const envFile = createSessionEnvFile('s3', dir);
    hook('rm "$CLAUDE_ENV_FILE" && mkfifo "$CLAUDE_ENV_FILE"', envFile.path);
    expect(envFile.read().problems[0]).toContain('is a named pipe (FIFO), not a regular file');
    hook('rm "$CLAUDE_ENV_FILE" && mkdir "$CLAUDE_ENV_FILE"', envFile.path);
    expect(envFile.read().problems[0]).toContain('is a directory (EISDIR), not a regular file');
    hook(
      `rmdir "$CLAUDE_ENV_FILE" && head -c ${MAX_ENV_FILE_BYTES + 1} /dev/zero | tr '\\0' x > "$CLAUDE_ENV_FILE"`,
      envFile.path,
    );
    expect(envFile.read().problems[0]).toContain(`is ${MAX_ENV_FILE_BYTES + 1} bytes, over the 1 MiB limit`);
    envFile.dispose();
  });
});
