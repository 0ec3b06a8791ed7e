/**
 * One harness per TypeScript block of README.md, keyed by the id in the `<!-- readme.spec: <id> -->` line
 * above the block. A complete program needs none; a fragment gets a `prelude` declaring what it leaves to
 * the host (its hook system and hooks, its tools, its model client) and an `epilogue` printing what `check`
 * reads. The block itself is used verbatim, between the two.
 */
import { expect } from 'vitest';

export interface Harness {
  /** Code before the block: imports the block does not make, and the host's own values it uses. */
  readonly prelude?: string;
  /** Code after the block: waits for what it started and prints what `check` reads. */
  readonly epilogue?: string;
  /** Checks what the script printed on stdout. */
  readonly check?: (stdout: string) => void;
  /**
   * `script` (default): run by node with tsx in the scratch directory. `suite`: the block is a vitest spec
   * file; readme.spec.ts imports it, so its `describe`/`it` run as tests of this spec.
   */
  readonly kind?: 'script' | 'suite';
}

/** Waits (bounded) for what a fragment started without awaiting it, e.g. a `.subscribe(...)`. */
const UNTIL = `
const readmeUntil = async (done: () => boolean): Promise<void> => {
  for (let i = 0; !done() && i < 1000; i++) await new Promise((resolve) => setTimeout(resolve, 10));
};`;

const lines = (stdout: string): string[] => stdout.trimEnd().split('\n');

/** The last line of stdout as JSON: what an epilogue printed. */
const printed = (stdout: string): unknown => JSON.parse(lines(stdout).at(-1) ?? 'null');

export const HARNESSES: Readonly<Record<string, Harness>> = {
  'quick-start': {
    check: (stdout) => {
      expect(lines(stdout)).toEqual([
        'blocked: /etc/hosts is a system file; write inside the project',
        '⛔ /etc/passwd is a system file; write inside the project',
        '✔ {"path":"./notes.md"}',
      ]);
    },
  },

  'settings-sources': {
    // hooks.json is written into the scratch directory by the spec (the block names it `required: true`).
    prelude: `
import { createHookSystem, standardSettingsFiles } from 'hookstream';
const projectDir = process.cwd();`,
    epilogue: `console.log('three systems created');`,
    check: (stdout) => {
      expect(stdout).toMatch(/^three systems created$/m);
    },
  },

  failures: {
    check: (stdout) => {
      expect(lines(stdout)).toEqual([
        '1',
        'true true Hook "audit" could not run: hookstream internal error: runner crashed',
        'true',
      ]);
    },
  },

  pipeline: {
    // The defect of issue 9: the README's pipeline ran a `sequential: true` group in parallel, so the second
    // hook never saw the first one's `tool_input`. Here the chain must take effect, in both forms.
    check: (stdout) => {
      expect(lines(stdout)).toEqual([
        '✔ {"path":"/project/notes.md"}',
        '⛔ /etc/x is outside /project',
        '✔ {"path":"/project/notes.md"}',
        '⛔ /etc/x is outside /project',
      ]);
    },
  },

  'host-tools': {
    prelude: `
import { from } from 'rxjs';
import { createHookSystem, executeToolWithHooks, withToolHooks, type ToolCall } from 'hookstream';

const hooks = createHookSystem();
hooks.register('BeforeTool', {
  type: 'function',
  name: 'protect-etc',
  run: (input) =>
    String(input.tool_input.path).startsWith('/etc/') ? { decision: 'deny', reason: 'a system file' } : undefined,
});
const [path, content] = ['/etc/hosts', '127.0.0.1 localhost'];
const writeFile = (input: Record<string, unknown>): string => \`wrote \${String(input.path)}\`;
const tools: Record<string, (input: Record<string, unknown>) => string> = {
  write_file: writeFile,
  read_file: (input) => \`read \${String(input.path)}\`,
};
const history: { role: string; content: string }[] = [];
const toolCall$ = from<ToolCall[]>([
  { toolName: 'read_file', toolInput: { path: 'notes.md' } },
  { toolName: 'write_file', toolInput: { path: 'notes.md', content: '' } },
]);`,
    epilogue: `${UNTIL}
await readmeUntil(() => history.length >= 3);
await hooks.dispose();
console.log(JSON.stringify(history.map((entry) => entry.content)));`,
    check: (stdout) => {
      expect(printed(stdout)).toEqual([
        'Tool "write_file" was blocked by a hook: a system file',
        'read notes.md',
        'wrote notes.md',
      ]);
    },
  },

  'host-model': {
    // A fake @google/genai client with the SDK's shapes, and an AfterModel hook redacting AWS keys.
    prelude: `
import { from, mergeAll } from 'rxjs';
import {
  callModelWithHooks,
  createHookSystem,
  genaiTranslator,
  streamModelWithHooks,
  type GenAIRequest,
  type GenAIResponse,
} from 'hookstream';

const hooks = createHookSystem();
hooks.register('AfterModel', {
  type: 'function',
  name: 'redact-keys',
  run: (input) => ({
    hookSpecificOutput: {
      llm_response: JSON.parse(JSON.stringify(input.llm_response).replaceAll(/AKIA[0-9A-Z]{16}/g, '[redacted]')),
    },
  }),
});
const answer = (text: string): GenAIResponse => ({
  candidates: [{ content: { role: 'model', parts: [{ text }] }, finishReason: 'STOP' }],
});
const textOf = (response: GenAIResponse | undefined): string =>
  (response?.candidates?.[0]?.content?.parts ?? []).map((part) => part.text ?? '').join('');
const ai = {
  models: {
    generateContent: async (_request: GenAIRequest): Promise<GenAIResponse> => answer('key AKIAABCDEFGHIJKLMNOP'),
    generateContentStream: async (_request: GenAIRequest): Promise<AsyncGenerator<GenAIResponse>> =>
      (async function* () {
        yield answer('key ');
        yield answer('AKIAABCDEFGHIJKLMNOP');
      })(),
  },
};
const request: GenAIRequest = { model: 'gemini-2.5-flash', contents: [{ role: 'user', parts: [{ text: 'key?' }] }] };
const assemble = (chunks: readonly GenAIResponse[]): GenAIResponse => answer(chunks.map(textOf).join(''));
const shown: string[] = [];
const ui = { append: (chunk: GenAIResponse) => shown.push(textOf(chunk)) };
const history: GenAIResponse[] = [];`,
    epilogue: `${UNTIL}
await readmeUntil(() => history.length >= 1);
await hooks.dispose();
console.log(JSON.stringify({ called, response: textOf(response), shown, final: textOf(history[0]) }));`,
    check: (stdout) => {
      expect(printed(stdout)).toEqual({
        called: true,
        response: 'key [redacted]',
        shown: ['key ', 'AKIAABCDEFGHIJKLMNOP'],
        final: 'key [redacted]',
      });
    },
  },

  'host-agent': {
    prelude: `
import {
  createHookSystem,
  notificationWithHooks,
  preCompressWithHooks,
  runAgentWithHooks,
  sessionEndWithHooks,
  sessionStartWithHooks,
} from 'hookstream';

const hooks = createHookSystem();
hooks.register('SessionStart', {
  type: 'function',
  name: 'branch',
  run: () => ({ hookSpecificOutput: { additionalContext: 'Current git branch: main' } }),
});
// A Stop-style hook: one more turn, once.
hooks.register('AfterAgent', {
  type: 'function',
  name: 'tests-too',
  run: (input) => (input.stop_hook_active ? undefined : { decision: 'block', reason: 'run the tests too' }),
});
const userPrompt = 'fix the bug';
const agent = { answer: async (prompt: string) => \`done: \${prompt}\` };`,
    epilogue: `
await hooks.dispose();
console.log(JSON.stringify({ responses: run.responses, additionalContext, compress: !pre.blocked }));`,
    check: (stdout) => {
      expect(printed(stdout)).toEqual({
        responses: ['done: fix the bug', 'done: run the tests too'],
        additionalContext: 'Current git branch: main',
        compress: true,
      });
    },
  },

  'message-bus': {
    prelude: `
import { createHookSystem } from 'hookstream';
import type { HookExecutionResponse } from 'hookstream/seed';

const hooks = createHookSystem();
hooks.register('BeforeTool', {
  type: 'function',
  name: 'no-shell',
  run: (input) => (input.tool_name === 'run_shell_command' ? { decision: 'deny', reason: 'no shell' } : undefined),
});
const input = { tool_name: 'run_shell_command', tool_input: { command: 'ls' } };
const replies: { id: string; payload: HookExecutionResponse }[] = [];
const reply = (id: string, payload: HookExecutionResponse) => replies.push({ id, payload });`,
    epilogue: `${UNTIL}
await readmeUntil(() => replies.length >= 1);
bus.dispose();
await hooks.dispose();
const [first] = replies;
console.log(JSON.stringify({ id: first?.id, success: first?.payload.success, output: first?.payload.output?.finalOutput }));`,
    check: (stdout) => {
      expect(printed(stdout)).toMatchObject({
        id: 'c1',
        success: true,
        output: { decision: 'deny', reason: 'no shell' },
      });
    },
  },

  // A vitest spec file: its tests run inside readme.spec.ts, with hooks/no-etc.sh (the README's bash block) in place.
  'testing-kit': { kind: 'suite' },
};
