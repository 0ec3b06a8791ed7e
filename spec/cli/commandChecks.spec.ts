import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkCommandHook, shellSyntaxError } from '../../lib/cli/commandChecks.js';
import type { CommandHookConfig } from '../../lib/model/types.js';

const projectDir = mkdtempSync(path.join(tmpdir(), 'hookstream-checks-'));
const home = path.join(projectDir, 'home');
writeFileSync(path.join(projectDir, 'run.sh'), '#!/bin/sh\n', { mode: 0o755 });
writeFileSync(path.join(projectDir, 'data.sh'), 'echo\n', { mode: 0o644 });
const environment = { projectDir, home };
const check = (command: string, extra: Partial<CommandHookConfig> = {}) =>
  checkCommandHook({ type: 'command', command, ...extra }, environment);

afterAll(() => {
  rmSync(projectDir, { recursive: true, force: true });
});

describe('shellSyntaxError', () => {
  it('reports what bash -n says, and nothing for a command that parses', () => {
    expect(shellSyntaxError('if then fi')).toMatch(/syntax error near unexpected token `then'/);
    expect(shellSyntaxError('echo "unterminated')).toMatch(/unexpected EOF/);
    expect(shellSyntaxError('for f in *; do echo "$f"; done | sort')).toBeUndefined();
  });

  it('parses without running the command', () => {
    const marker = path.join(projectDir, 'touched');
    expect(shellSyntaxError(`touch '${marker}'`)).toBeUndefined();
    expect(existsSync(marker)).toBe(false);
  });
});

describe('checkCommandHook', () => {
  it('accepts an existing executable script and plain commands', () => {
    expect(check('./run.sh --fast')).toEqual([]);
    expect(check('"$CLAUDE_PROJECT_DIR/run.sh"')).toEqual([]);
    expect(check('echo hi | cat')).toEqual([]);
    expect(check('bash ./data.sh')).toEqual([]); // run through an interpreter: no x bit needed
  });

  it('warns about a missing script, resolved against the project dir or ~', () => {
    expect(check('./nope.sh')).toEqual([
      expect.objectContaining({
        field: '/command',
        message: expect.stringContaining(`script not found: ${path.join(projectDir, 'nope.sh')}`) as string,
      }),
    ]);
    expect(check('FOO=1 ~/hooks/x.sh')).toEqual([
      expect.objectContaining({ message: expect.stringContaining(path.join(home, 'hooks/x.sh')) as string }),
    ]);
    expect(check('python3 -u scripts/gone.py')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('gone.py') as string }),
    ]);
  });

  it('warns when a script run directly is not executable, or is a directory', () => {
    expect(check('./data.sh')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('is not executable') as string }),
    ]);
    expect(check('./')).toEqual([
      expect.objectContaining({ message: expect.stringContaining('is a directory') as string }),
    ]);
  });

  it('skips words only a running shell could resolve, and inline code', () => {
    expect(check('$SOMEWHERE/x.sh')).toEqual([]);
    expect(check('node -e "require(\'./missing.js\')"')).toEqual([]);
  });

  it('checks exec-form programs and interpreter arguments, without shell expansion', () => {
    expect(check('node', { args: ['--no-warnings', './gone.mjs'] })).toEqual([
      expect.objectContaining({ field: '/args/1' }),
    ]);
    expect(check('./data.sh', { args: [] })).toEqual([
      expect.objectContaining({ message: expect.stringContaining('is not executable') as string }),
    ]);
    const tilde = check('~/run.sh', { args: [] }).map((finding) => finding.message);
    expect(tilde[0]).toMatch(/"~" is not expanded/);
    expect(check('if then', { args: ['x'] })).toEqual([]); // exec form is never parsed by a shell
  });

  it('reports a syntax error at the command', () => {
    expect(check('if then fi')).toEqual([expect.objectContaining({ field: '/command', received: '"if then fi"' })]);
  });
});
