/**
 * `hookstream import --from claude|gemini` (issue 12), through the real command: a dry run prints the diff and
 * writes nothing, a run writes hookstream settings that load with no problem, a second run changes nothing, and
 * what could not be converted is listed by file and pointer.
 */
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { lineDiff } from '../../lib/cli/lineDiff.js';
import { loadSettingsSync } from '../../lib/config/index.js';
import { CLI_TEST_TIMEOUT_MS, CliWorld } from './cliHarness.js';

const world = new CliWorld();
afterAll(() => {
  world.cleanup();
});

describe('hookstream import', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('dry run, write, and a second run that changes nothing', async () => {
    const project = world.dir('claude/project');
    world.write('claude/project/.claude/settings.json', {
      permissions: { allow: [] },
      hooks: {
        PreToolUse: [
          { matcher: 'Edit|Write', hooks: [{ type: 'command', command: 'fmt.sh', timeout: 10 }] },
          { matcher: 'Write', hooks: [{ type: 'command', command: 'env-guard.sh', if: 'Write(.env*)' }] },
        ],
      },
    });
    const target = path.join(project, '.hookstream', 'settings.json');
    const dry = await world.run(['import', '--from', 'claude', '--dry-run', '--project-dir', project]);
    expect(dry.code).toBe(0);
    expect(dry.stdout).toContain('+++ b/.hookstream/settings.json');
    expect(dry.stdout).toContain('+        "matcher": "^(Edit|Write)$",');
    expect(dry.stdout).toContain('+            "timeout": 10000');
    expect(dry.stderr).toContain(
      'not converted: .claude/settings.json /hooks/PreToolUse/1/hooks/0: "if": "Write(.env*)"',
    );
    expect(existsSync(target)).toBe(false);
    const write = await world.run(['import', '--from', 'claude', '--project-dir', project]);
    expect(write.code).toBe(0);
    expect(write.stderr).toContain(`wrote ${target}`);
    const loaded = loadSettingsSync([{ scope: 'project', path: target, required: true }]);
    expect(loaded.problems).toEqual([]);
    expect(loaded.enabled).toBe(true);
    expect(loaded.entries.map((entry) => [entry.event, entry.name, entry.matcher?.test('TodoWrite')])).toEqual([
      ['BeforeTool', 'fmt.sh', false],
    ]);
    const written = readFileSync(target, 'utf8');
    const again = await world.run(['import', '--from', 'claude', '--project-dir', project]);
    expect(again.stdout).toBe('.hookstream/settings.json already holds these hooks\n');
    expect(readFileSync(target, 'utf8')).toBe(written);
  });

  it('says what is wrong with --from, or that there is nothing to import', async () => {
    const project = world.dir('empty/project');
    const wrong = await world.run(['import', '--from', 'cursor', '--project-dir', project]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain('--from must be one of claude, gemini; received "cursor"');
    const none = await world.run(['import', '--from', 'gemini', '--project-dir', project]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`no Gemini CLI settings in ${project}; nothing imported`);
  });
});

describe('lineDiff', () => {
  it('is empty for equal texts, and marks removed and added lines with context', () => {
    expect(lineDiff('a\n', 'a\n', 'x')).toEqual([]);
    expect(lineDiff('a\nb\nc\n', 'a\nB\nc\n', 'x.json')).toEqual([
      '--- a/x.json',
      '+++ b/x.json',
      ' a',
      '-b',
      '+B',
      ' c',
    ]);
    expect(lineDiff('', 'n\n', 'new')).toEqual(['--- a/new', '+++ b/new', '+n']);
    const far = lineDiff('1\n2\n3\n4\n5\n6\n7\n8\n', '1\n2\n3\n4\n5\n6\n7\nX\n', 'f', 1);
    expect(far).toEqual(['--- a/f', '+++ b/f', ' 7', '-8', '+X']);
  });
});
