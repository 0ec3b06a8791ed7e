/**
 * `hookstream import --from claude|gemini|cursor|copilot|codex|xcode`, through the real command: a dry run prints the diff and
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
    const wrong = await world.run(['import', '--from', 'windsurf', '--project-dir', project]);
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain(
      '--from must be one of claude, gemini, cursor, copilot, codex, ollm, xcode; received "windsurf"',
    );
    const none = await world.run(['import', '--from', 'gemini', '--project-dir', project]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`no Gemini CLI settings in ${project}; nothing imported`);
  });
});

describe('hookstream import --from cursor|copilot|codex|xcode', { timeout: CLI_TEST_TIMEOUT_MS }, () => {
  it('Copilot: every .github/hooks file, bash and timeoutSec converted, anchored matchers, the payload change noted', async () => {
    const project = world.dir('copilot/project');
    world.write('copilot/project/.github/hooks/policy.json', {
      version: 1,
      hooks: {
        preToolUse: [
          { type: 'command', bash: './policy.sh', powershell: './policy.ps1', timeoutSec: 5, matcher: 'bash' },
        ],
        errorOccurred: [{ type: 'command', bash: './err.sh' }],
      },
    });
    world.write('copilot/project/.github/hooks/audit.json', {
      version: 1,
      hooks: { postToolUse: [{ type: 'http', url: 'https://audit.example.com/copilot', timeoutSec: 3 }] },
    });
    const dry = await world.run(['import', '--from', 'copilot', '--dry-run', '--json', '--project-dir', project]);
    expect(dry.code).toBe(0);
    const report = JSON.parse(dry.stdout) as { changed: boolean; notes: string[] };
    expect(report.changed).toBe(true);
    expect(report.notes).toEqual([
      // A crashing preToolUse command denies in Copilot: imported fail-closed.
      expect.stringMatching(
        /^\.github\/hooks\/policy\.json \/hooks\/preToolUse\/0: GitHub Copilot blocks preToolUse when this hook fails; imported with "failurePolicy": "block"/,
      ) as unknown,
      ".github/hooks/policy.json /hooks/preToolUse: these hooks read GitHub Copilot's preToolUse payload and answer in its fields; in hookstream they get BeforeTool's input and must answer in hookstream's fields (see the README's hook protocol) — check their scripts",
      '.github/hooks/policy.json /hooks/errorOccurred: GitHub Copilot event errorOccurred has no hookstream event yet; its hooks were not imported',
      expect.stringMatching(
        /^\.github\/hooks\/audit\.json \/hooks\/postToolUse: these hooks read GitHub Copilot's postToolUse payload/,
      ) as unknown,
    ]);
    const write = await world.run(['import', '--from', 'copilot', '--project-dir', project]);
    expect(write.code).toBe(0);
    const target = path.join(project, '.hookstream', 'settings.json');
    expect(JSON.parse(readFileSync(target, 'utf8'))).toMatchObject({
      tools: { enableHooks: true },
      hooks: {
        AfterTool: [{ hooks: [{ type: 'http', url: 'https://audit.example.com/copilot', timeout: 3000 }] }],
        BeforeTool: [
          {
            matcher: '^(?:bash)$',
            hooks: [{ type: 'command', command: './policy.sh', timeout: 5000, failurePolicy: 'block' }],
          },
        ],
      },
    });
    expect(loadSettingsSync([{ scope: 'project', path: target, required: true }]).problems).toEqual([]);
  });

  it('x-code: the project as a plugin, its referenced hooks.json; decision events sequential, SessionEnd async, placeholders and exit 2 noted', async () => {
    const project = world.dir('xcode/project');
    world.write('xcode/project/plugin.json', { name: 'guard', version: '0.1.0', hooks: './hooks/hooks.json' });
    world.write('xcode/project/hooks/hooks.json', {
      PreToolUse: [
        { matcher: 'writeFile|edit', command: './hooks/guard.sh', timeout: 2000, failurePolicy: 'block' },
        { matcher: 'writeFile', command: './hooks/audit.sh' },
        { matcher: 'writeFile|edit', command: 'node ${pluginDir}/hooks/lint.js' },
      ],
      UserPromptSubmit: [{ command: './hooks/ctx.sh ${env:SPRINT}' }],
      SessionEnd: [{ command: './hooks/flush.sh' }],
    });
    const dry = await world.run(['import', '--from', 'xcode', '--dry-run', '--json', '--project-dir', project]);
    expect(dry.code).toBe(0);
    const { notes } = JSON.parse(dry.stdout) as { notes: string[] };
    expect(notes).toEqual([
      'hooks/hooks.json /hooks/PreToolUse/2: ${pluginDir} only exists for a plugin or extension; the hook was not imported',
      expect.stringMatching(
        /^hooks\/hooks\.json \/hooks\/PreToolUse: exit code 2 is a failure in x-code .* in hookstream it is the blocking exit code/,
      ) as unknown,
      expect.stringMatching(
        /^hooks\/hooks\.json \/hooks\/PreToolUse: these hooks read x-code's PreToolUse payload/,
      ) as unknown,
      'hooks/hooks.json /hooks/UserPromptSubmit/0: ${env:NAME} is x-code\'s own placeholder (write "$NAME" in hookstream); the hook was not imported',
      expect.stringMatching(
        /^hooks\/hooks\.json \/hooks\/SessionEnd: these hooks read x-code's SessionEnd payload/,
      ) as unknown,
    ]);
    const write = await world.run(['import', '--from', 'xcode', '--project-dir', project]);
    expect(write.code).toBe(0);
    const target = path.join(project, '.hookstream', 'settings.json');
    expect(JSON.parse(readFileSync(target, 'utf8'))).toEqual({
      tools: { enableHooks: true },
      hooks: {
        BeforeTool: [
          {
            matcher: 'writeFile|edit',
            sequential: true,
            hooks: [{ type: 'command', command: './hooks/guard.sh', failurePolicy: 'block', timeout: 2000 }],
          },
          {
            matcher: 'writeFile',
            sequential: true,
            hooks: [{ type: 'command', command: './hooks/audit.sh', timeout: 5000 }],
          },
        ],
        SessionEnd: [{ hooks: [{ type: 'command', command: './hooks/flush.sh', async: true, timeout: 5000 }] }],
      },
    });
    const loaded = loadSettingsSync([{ scope: 'project', path: target, required: true }]);
    expect(loaded.problems).toEqual([]);
    expect(loaded.entries.map((entry) => [entry.event, entry.name, entry.sequential])).toEqual([
      ['BeforeTool', './hooks/guard.sh', true],
      ['BeforeTool', './hooks/audit.sh', true],
      ['SessionEnd', './hooks/flush.sh', false],
    ]);
  });

  it('x-code: a manifest whose hooks file leaves the plugin, or a project with no plugin.json, imports nothing and says why', async () => {
    const project = world.dir('xcode-out/project');
    world.write('xcode-out/project/plugin.json', { name: 'escape', hooks: '../outside.json' });
    const out = await world.run(['import', '--from', 'xcode', '--project-dir', project]);
    expect(out.code).toBe(1);
    expect(out.stderr).toContain(
      `${path.join(project, 'plugin.json')}:3:12 /hooks: "hooks" must be the hooks or the path of a file inside the plugin`,
    );
    expect(out.stderr).toContain('nothing imported');
    const bare = world.dir('xcode-none/project');
    const none = await world.run(['import', '--from', 'xcode', '--project-dir', bare]);
    expect(none.code).toBe(1);
    expect(none.stderr).toContain(`no x-code plugin.json with hooks in ${bare}; nothing imported`);
    expect(existsSync(path.join(project, '.hookstream'))).toBe(false);
  });

  it('Cursor: flat hooks into groups, a per-tool event as a tool matcher, failClosed as failurePolicy', async () => {
    const project = world.dir('cursor/project');
    world.write('cursor/project/.cursor/hooks.json', {
      version: 1,
      hooks: {
        beforeShellExecution: [{ command: './guard.sh', timeout: 2, failClosed: true }],
        afterAgentThought: [{ command: './think.sh' }],
      },
    });
    const run = await world.run(['import', '--from', 'cursor', '--dry-run', '--json', '--project-dir', project]);
    expect(run.code).toBe(0);
    const { diff, notes } = JSON.parse(run.stdout) as { diff: string[]; notes: string[] };
    expect(diff).toContain('+        "matcher": "^(Shell|Bash|bash|shell|powershell|run_shell_command|terminal)$",');
    expect(diff.join('\n')).toContain('+            "failurePolicy": "block"');
    expect(notes).toContain(
      '.cursor/hooks.json /hooks/afterAgentThought: Cursor event afterAgentThought has no hookstream event yet; its hooks were not imported',
    );
  });

  it('Codex: commandWindows dropped on this platform, prompt hooks noted as Codex skips them', async () => {
    const project = world.dir('codex/project');
    world.write('codex/project/.codex/hooks.json', {
      hooks: {
        SessionStart: [
          {
            matcher: 'startup',
            hooks: [
              { type: 'command', command: './start.sh', commandWindows: 'start.cmd', timeout: 20 },
              { type: 'prompt', prompt: 'summarise' },
            ],
          },
        ],
      },
    });
    const run = await world.run(['import', '--from', 'codex', '--dry-run', '--json', '--project-dir', project]);
    const { diff, notes } = JSON.parse(run.stdout) as { diff: string[]; notes: string[] };
    expect(diff).toContain('+        "matcher": "startup",');
    expect(diff).toContain('+            "command": "./start.sh",');
    expect(diff.join('\n')).not.toContain('start.cmd');
    expect(notes).toEqual([
      '.codex/hooks.json /hooks/SessionStart/0/hooks/1: "prompt" hooks are not run by hookstream; skipped',
    ]);
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
