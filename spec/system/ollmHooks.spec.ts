/**
 * OLLM's hooks as a dialect, with hooks written as its architecture document shows them and real processes:
 * `.ollm/settings.json` hooks under snake_case events (`command` a program, `args` its arguments, no shell) read
 * `event` and `context` besides hookstream's fields and time out after 5 s by default; only whitelisted
 * programs run (a hook running another is not loaded and says why); `"enabled": false` switches a hook off;
 * `"continue": false` ends a chain of hooks made sequential by `"sequential": true`; the
 * legacy `{ when, then }` files of `.ollm/hooks/` run — `fileEdited` with its patterns on FileChanged,
 * `runCommand` as a program, `askAgent` through the host's prompt callback with `{{file.path}}` filled in; a legacy file that loads no hook
 * because of errors is an error.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadSettingsSync, standardSettingsFiles } from '../../lib/config/index.js';
import type { EvaluatePrompt } from '../../lib/executors/callbackTypes.js';
import { useAgentProject } from '../helpers/agentProject.js';

const world = useAgentProject('hookstream-ollm-', {
  afterDispose: () => {
    for (const file of ['seen.jsonl', 'files.jsonl', 'chain.jsonl', 'third.jsonl'])
      rmSync(join(world.project, file), { force: true });
  },
});
/** A hook program that reads its input and answers `continue: false`. */
const STOP = "require('fs').readFileSync(0); console.log(JSON.stringify({ continue: false, stopReason: 'enough' }))";
// Appends its stdin line to the file named by its first argument.
writeFileSync(
  join(world.project, 'record.js'),
  "const fs = require('fs'); fs.appendFileSync(process.argv[2], fs.readFileSync(0, 'utf8').trim() + '\\n');\n",
);
world.write('.ollm/settings.json', {
  hooks: {
    before_tool: [
      { name: 'audit', command: 'node', args: ['record.js', 'seen.jsonl'] },
      { name: 'off', command: 'node', args: ['record.js', 'off.jsonl'], enabled: false },
      { name: 'fetch', command: 'curl', args: ['https://example.com'] },
    ],
    // A chain: the second hook answers `continue: false`, so the third never runs.
    after_tool: [
      { name: 'first', command: 'node', args: ['record.js', 'chain.jsonl'], sequential: true },
      { name: 'stop', command: 'node', args: ['-e', STOP] },
      { name: 'third', command: 'node', args: ['record.js', 'third.jsonl'] },
    ],
    // The same hooks in parallel: `continue: false` stops the agent, and every hook still runs.
    after_model: [
      { name: 'stop', command: 'node', args: ['-e', STOP] },
      { name: 'third', command: 'node', args: ['record.js', 'third.jsonl'] },
    ],
  },
});
world.write('.ollm/hooks/lint-on-save.json', {
  name: 'Lint on Save',
  when: { type: 'fileEdited', patterns: ['*.ts'] },
  then: { type: 'runCommand', command: 'node record.js files.jsonl' },
});
world.write('.ollm/hooks/review.json', {
  name: 'Review on create',
  when: { type: 'fileCreated', patterns: ['src/**/*.md'] },
  then: { type: 'askAgent', prompt: 'Run linting on {{file.path}}' },
});
const broken = world.write('.ollm/hooks/broken.json', {
  name: 'Typo',
  when: { type: 'fileEddited', patterns: ['*.ts'] },
  then: { type: 'runCommand', command: 'node record.js files.jsonl' },
});

const lines = (file: string): Record<string, unknown>[] =>
  existsSync(join(world.project, file))
    ? readFileSync(join(world.project, file), 'utf8')
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line) as Record<string, unknown>)
    : [];

const loaded = () => loadSettingsSync(standardSettingsFiles(world.project, world.home, { dialects: ['ollm'] }));

describe('OLLM hooks', () => {
  it('a settings hook runs without a shell and reads event and context; the default timeout is 5 s', async () => {
    const hooks = world.system({ sessionId: 's1' });
    const result = await hooks.fire('BeforeTool', { tool_name: 'write_file', tool_input: { path: 'a.ts' } });
    expect(result.hooks.map((hook) => [hook.name, hook.outcome])).toEqual([['audit', 'success']]);
    const [payload] = lines('seen.jsonl');
    expect(payload).toMatchObject({
      event: 'before_tool',
      hook_event_name: 'before_tool',
      tool_name: 'write_file',
      context: { tool_name: 'write_file', tool_input: { path: 'a.ts' }, session_id: 's1' },
    });
    const audit = loaded().entries.find((entry) => entry.name === 'audit');
    expect(audit?.definition).toMatchObject({ timeout: 5_000 });
  });

  it('a program off the whitelist does not run and says why; "enabled": false switches a hook off', () => {
    const settings = loaded();
    expect(settings.entries.map((entry) => entry.name)).not.toContain('fetch');
    expect(settings.entries.map((entry) => entry.name)).not.toContain('off');
    const refusal = settings.problems.find((problem) => problem.message.includes('whitelist'));
    expect(refusal).toMatchObject({ severity: 'error', pointer: '/hooks/before_tool/2/command' });
    expect(refusal?.message).toContain('"curl" is not on OLLM\'s command whitelist');
    expect(refusal?.expected).toBe('one of node, python, python3, bash, sh, npx, uvx');
  });

  it('"continue": false ends a sequential chain: the later hooks are skipped, saying why', async () => {
    const hooks = world.system();
    const chain = await hooks.fire('AfterTool', { tool_name: 'write_file', tool_input: {}, tool_response: 'ok' });
    expect(chain.hooks.map((hook) => [hook.name, hook.outcome])).toEqual([
      ['first', 'success'],
      ['stop', 'success'],
      ['third', 'skipped'],
    ]);
    expect(chain.hooks[2]?.message).toBe('Hook "third" skipped: an earlier hook in the chain said "continue": false');
    expect(chain).toMatchObject({ stopped: true, stopReason: 'enough' });
    expect(lines('chain.jsonl')).toHaveLength(1);
    expect(existsSync(join(world.project, 'third.jsonl'))).toBe(false);
    // Without `sequential`, the hooks run side by side: the flag stops the agent, not the other hooks.
    const parallel = await hooks.fire('AfterModel', { llm_request: {}, llm_response: {} });
    expect(parallel.hooks.map((hook) => [hook.name, hook.outcome])).toEqual([
      ['stop', 'success'],
      ['third', 'success'],
    ]);
    expect(lines('third.jsonl')).toHaveLength(1);
  });

  it('a legacy fileEdited hook runs on FileChanged for its patterns only', async () => {
    const hooks = world.system();
    const ts = await hooks.fire('FileChanged', { file_path: join(world.project, 'src', 'a.ts'), event: 'change' });
    expect(ts.hooks.map((hook) => [hook.name, hook.outcome])).toEqual([['Lint on Save', 'success']]);
    expect(lines('files.jsonl')[0]).toMatchObject({
      hook_event_name: 'fileEdited',
      file_path: join(world.project, 'src', 'a.ts'),
    });
    const md = await hooks.fire('FileChanged', { file_path: join(world.project, 'README.md'), event: 'change' });
    expect(md.hooks).toEqual([]);
  });

  it("a legacy askAgent hook goes to the host's prompt callback, {{file.path}} filled in", async () => {
    const asked: string[] = [];
    const evaluatePrompt: EvaluatePrompt = ({ prompt }) => {
      asked.push(prompt);
      return { ok: true };
    };
    const hooks = world.system({ evaluatePrompt });
    const file = join(world.project, 'src', 'doc', 'a.md');
    const result = await hooks.fire('FileChanged', { file_path: file, event: 'add' });
    expect(result.hooks.map((hook) => [hook.name, hook.outcome])).toEqual([['Review on create', 'success']]);
    expect(asked).toHaveLength(1);
    // `{{file.path}}` is the changed file, as the OLLM document's translated hook shows it.
    expect(asked[0]?.split('\n')[0]).toBe(`Run linting on ${file}`);
  });

  it('a legacy file that loads no hook because of errors is an error naming the trigger', () => {
    const problem = loaded().problems.find((found) => found.file === broken);
    expect(problem).toMatchObject({ severity: 'error', pointer: '/when/type' });
    expect(problem?.message).toContain('did you mean fileEdited?');
  });
});
