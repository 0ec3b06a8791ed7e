import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createSessionEnvFile, parseEnvFile } from '../../lib/transport/envFile.js';
import { MARKER_VARIABLE, markedProcesses } from '../process/processHarness.js';

describe('parseEnvFile', () => {
  it('reads export lines, declare -x lines and plain assignments, with the shell’s quoting', () => {
    const text = [
      'export NODE_ENV=production',
      "export GREETING='hello world'",
      'export A="x\\"y" B=2',
      'declare -x FROM_BASH="v\\$1"',
      'PLAIN=yes',
      '# a comment',
      '',
    ].join('\n');
    expect(parseEnvFile(text)).toEqual({
      variables: { NODE_ENV: 'production', GREETING: 'hello world', A: 'x"y', B: '2', FROM_BASH: 'v$1', PLAIN: 'yes' },
      unset: [],
      problems: [],
    });
  });

  it('expands $NAME from the base environment and earlier lines', () => {
    const text = 'export PATH="$PATH:./node_modules/.bin"\nexport ROOT=/srv\nexport LOGS="${ROOT}/logs"\nexport H=~/x';
    const parsed = parseEnvFile(text, { base: { PATH: '/usr/bin' }, home: '/home/u' });
    expect(parsed.variables).toEqual({
      PATH: '/usr/bin:./node_modules/.bin',
      ROOT: '/srv',
      LOGS: '/srv/logs',
      H: '/home/u/x',
    });
  });

  it('skips what only a shell could compute, and lines that set nothing, saying which line', () => {
    const text = 'export A=$(date)\nexport B="$UNSET"\nsource ~/.nvm/nvm.sh\nexport OK=1\nexport EXISTING';
    expect(parseEnvFile(text, { base: { EXISTING: 'x' } })).toEqual({
      variables: { OK: '1' },
      unset: [],
      problems: [
        'line 1: a value only a running shell could compute ($(…), an unset variable or a glob); ignored',
        'line 2: a value only a running shell could compute ($(…), an unset variable or a glob); ignored',
        'line 3: "source" is not an assignment; ignored',
      ],
    });
  });

  it('unset removes a variable set earlier', () => {
    expect(parseEnvFile('export A=1\nexport B=2\nunset A')).toEqual({
      variables: { B: '2' },
      unset: ['A'],
      problems: [],
    });
  });

  it('a later line overrides an earlier one', () => {
    expect(parseEnvFile('export A=1\nexport A=2').variables).toEqual({ A: '2' });
  });
});

describe('createSessionEnvFile', () => {
  let dir: string;
  const marker = `env-file-${process.pid}-${Date.now()}`;
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'hookstream-envfile-spec-'));
  });
  afterEach(() => {
    expect(markedProcesses(marker)).toEqual([]);
    rmSync(dir, { recursive: true, force: true });
  });

  it('creates an empty file only its user can read, in a private directory, and removes both on dispose', () => {
    const envFile = createSessionEnvFile('session/1', dir);
    expect(path.basename(envFile.path)).toBe('session_1.env');
    expect(statSync(envFile.path).mode & 0o777).toBe(0o600);
    expect(statSync(path.dirname(envFile.path)).mode & 0o777).toBe(0o700);
    expect(envFile.read()).toEqual({ variables: {}, unset: [], problems: [] });
    envFile.dispose();
    expect(existsSync(path.dirname(envFile.path))).toBe(false);
  });

  it('reads back what a SessionStart script with set -u appended', () => {
    const envFile = createSessionEnvFile('s2', dir);
    const script = [
      'set -eu',
      'echo \'export NODE_ENV=production\' >> "$CLAUDE_ENV_FILE"',
      'echo \'export PATH="$PATH:./node_modules/.bin"\' >> "$CLAUDE_ENV_FILE"',
      'BEFORE=$(export -p | sort)',
      'export TOOLCHAIN="node 20"',
      'comm -13 <(echo "$BEFORE") <(export -p | sort) >> "$CLAUDE_ENV_FILE"',
    ].join('\n');
    execFileSync('bash', ['-c', script], {
      env: { PATH: '/usr/bin:/bin', CLAUDE_ENV_FILE: envFile.path, [MARKER_VARIABLE]: marker },
    });
    expect(envFile.read({ base: { PATH: '/usr/bin:/bin' } })).toEqual({
      variables: { NODE_ENV: 'production', PATH: '/usr/bin:/bin:./node_modules/.bin', TOOLCHAIN: 'node 20' },
      unset: [],
      problems: [],
    });
    envFile.dispose();
  });
});
