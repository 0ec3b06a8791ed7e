/**
 * One harness per TypeScript block of README.md, keyed by the id in the `<!-- readme.spec: <id> -->` line
 * above the block. A complete program needs none; a fragment gets a `prelude` declaring what it leaves to
 * the host (its hook system and hooks, its tools, its model client) and an `epilogue` printing what `check`
 * reads. The block itself is used verbatim, between the two.
 */
import { expect } from 'vitest';
import { OBSERVE_HARNESSES } from './observeHarnesses.js';
import { POLICY_HARNESSES } from './policyHarnesses.js';
import { EFFECTS_HARNESSES } from './effectsHarnesses.js';
import { AI_SDK_BASH_TOOL } from './aiSdkBashTool.js';
import { SUBAGENT_HARNESSES } from './subagentHarnesses.js';
import { lines, printed } from './printedLines.js';

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

/** The four-part policy of the adapter sections, as function hooks (spec/adapters runs the command-hook version). */
const POLICY = `
import { createHookSystem } from 'hookstream';
const hooks = createHookSystem();
hooks.register('BeforeTool', {
  type: 'function',
  name: 'no-rm-rf',
  run: (input) =>
    /rm +-rf/.test(String(input.tool_input.command)) ? { decision: 'block', reason: 'rm -rf is not allowed' } : undefined,
}, { matcher: '^bash$' });
hooks.register('BeforeTool', {
  type: 'function',
  name: 'timeout-5',
  run: (input) => {
    const command = String(input.tool_input.command);
    return command.startsWith('timeout ') ? undefined : { hookSpecificOutput: { tool_input: { command: \`timeout 5 \${command}\` } } };
  },
}, { matcher: '^bash$' });
hooks.register('AfterModel', {
  type: 'function',
  name: 'redact-keys',
  run: (input) => {
    const text = JSON.stringify(input.llm_response);
    const redacted = text.replaceAll(/AKIA[0-9A-Z]{16}/g, '[REDACTED]');
    return redacted === text ? undefined : { hookSpecificOutput: { llm_response: JSON.parse(redacted) } };
  },
});
hooks.register('BeforeModel', {
  type: 'function',
  name: 'inject-policy',
  run: (input) => ({
    hookSpecificOutput: { llm_request: { messages: [{ role: 'system', content: 'Never delete recursively.' }, ...(input.llm_request.messages ?? [])] } },
  }),
});
const ANSWER = ['Done. The key AKIAIOSF', 'ODNN7EXAMPLE is rotated.'];
const ran: string[] = [];`;

/** What every adapter block must show: both shell calls rewritten, none deleting, the answer redacted everywhere. */
const checkPolicy = (stdout: string): void => {
  expect(stdout).not.toContain('AKIA');
  expect(stdout).toContain('Done. The key [REDACTED] is rotated.');
  expect((printed(stdout) as { ran: string[] }).ran).toEqual(['timeout 5 ls build', 'timeout 5 ls build']);
};

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
    epilogue: `console.log('systems created');`,
    check: (stdout) => {
      expect(stdout).toMatch(/^systems created$/m);
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
import { createHookSystem } from 'hookstream';
import { executeToolWithHooks, withToolHooks, type ToolCall } from 'hookstream/host';

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
import { callModelWithHooks, genaiTranslator, streamModelWithHooks, type GenAIRequest, type GenAIResponse } from 'hookstream/host';
import { createHookSystem } from 'hookstream';

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
import { createHookSystem } from 'hookstream';
import { notificationWithHooks, preCompressWithHooks, runAgentWithHooks, sessionEndWithHooks, sessionStartWithHooks } from 'hookstream/host';

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

  'background-hooks': {
    prelude: `
import { beforeAgentWithHooks } from 'hookstream/host';
import { createHookSystem } from 'hookstream';

const hooks = createHookSystem();
hooks.register('AfterTool', {
  type: 'command',
  name: 'reindex',
  command: ${JSON.stringify(`echo '${JSON.stringify({ hookSpecificOutput: { additionalContext: 'index rebuilt' } })}'`)},
  async: true,
});
hooks.register('AfterTool', {
  type: 'command',
  name: 'run-tests',
  command: 'echo "spec/math.spec.ts: 2 failed" >&2; exit 2',
  asyncRewake: true,
});
const tool_input = { path: 'src/math.ts', content: 'export const add = (a: number, b: number) => a - b;' };
const tool_response = { ok: true };`,
    epilogue: `${UNTIL}
await readmeUntil(() => hooks.pendingBackground().length === 2);
const { prompt } = await beforeAgentWithHooks(hooks, 'what next?');
await hooks.dispose();
console.log(JSON.stringify({ prompt }));`,
    check: (stdout) => {
      const out = lines(stdout);
      expect(out[0]).toBe('0');
      expect(out.slice(1, 3).sort()).toEqual([
        'reindex finished: index rebuilt',
        'run-tests woke the agent: spec/math.spec.ts: 2 failed',
      ]);
      const { prompt } = printed(stdout) as { prompt: string };
      expect(prompt.startsWith('what next?\n\n')).toBe(true);
      expect(prompt.split('\n').slice(2).sort()).toEqual([
        'Background hook "run-tests": spec/math.spec.ts: 2 failed',
        'index rebuilt',
      ]);
    },
  },

  'callback-hooks': {
    // The README's .claude/settings.json, a fake model (refuses an AWS key), verifier and MCP client.
    prelude: `
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createHookSystem } from 'hookstream';
import { type JudgeAnswer, type McpToolResult } from 'hookstream/compose';

const projectDir = join(process.cwd(), 'callback-project');
mkdirSync(join(projectDir, '.claude'), { recursive: true });
writeFileSync(
  join(projectDir, '.claude', 'settings.json'),
  JSON.stringify({
    hooks: {
      PreToolUse: [
        {
          matcher: 'Write|Edit',
          hooks: [
            { type: 'prompt', prompt: 'Does this edit put a secret in the repository? $ARGUMENTS', timeout: 30 },
            { type: 'mcp_tool', server: 'semgrep', tool: 'scan_file', input: { path: '\${tool_input.file_path}' } },
          ],
        },
      ],
    },
  }),
);
const llm = {
  complete: async (prompt: string, _options: { model: string; json: boolean; signal: AbortSignal }) =>
    JSON.stringify(/AKIA[0-9A-Z]{16}/.test(prompt) ? { ok: false, reason: 'an AWS key in the content' } : { ok: true }),
};
const verifier = { run: async (_prompt: string, _options: { signal: AbortSignal }): Promise<JudgeAnswer> => ({ ok: true }) };
const scanned: unknown[] = [];
type Client = {
  callTool(
    params: { name: string; arguments: Record<string, unknown> },
    schema: undefined,
    options: { signal: AbortSignal },
  ): Promise<McpToolResult>;
};
const mcpClients: Record<string, Client> = {
  semgrep: {
    callTool: async (params) => {
      scanned.push(params);
      return { content: [{ type: 'text', text: '' }] };
    },
  },
};`,
    epilogue: `
hooks.approveConfiguredHooks();
const result = await hooks.fire('PreToolUse', {
  tool_name: 'Write',
  tool_input: { file_path: 'src/config.ts', content: 'export const key = "AKIAIOSFODNN7EXAMPLE";' },
});
await hooks.dispose();
console.log(JSON.stringify({ blocked: result.blocked, reason: result.reason, scanned, warnings: result.warnings }));`,
    check: (stdout) => {
      expect(printed(stdout)).toEqual({
        blocked: true,
        reason: 'an AWS key in the content',
        scanned: [{ name: 'scan_file', arguments: { path: 'src/config.ts' } }],
        warnings: [],
      });
    },
  },

  'host-approval': {
    prelude: `
import { readFile, writeFile } from 'node:fs/promises';
import { createHookSystem } from 'hookstream';
import { executeToolWithHooks, isPausedToolCall, resumeToolWithHooks, type ToolApproval } from 'hookstream/host';

const hooks = createHookSystem();
hooks.register('BeforeTool', {
  type: 'function',
  name: 'hold-deploys',
  run: (input) =>
    String(input.tool_input.command).includes('deploy')
      ? { hookSpecificOutput: { permissionDecision: 'defer', permissionDecisionReason: 'deploys wait for ops' } }
      : undefined,
});
const ran: string[] = [];
const runShell = (input: Record<string, unknown>): string => {
  ran.push(String(input.command));
  return \`ran \${String(input.command)}\`;
};
const history: { role: string; content: string }[] = [];`,
    epilogue: `
await hooks.dispose();
console.log(JSON.stringify({ history: history.map((entry) => entry.content), ran, stored: approval.reason }));`,
    check: (stdout) => {
      expect(printed(stdout)).toEqual({
        history: ['ran ./deploy.sh prod'],
        ran: ['./deploy.sh prod'],
        stored: 'deploys wait for ops',
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

  // The "Watching hooks" section (spec/docs/observeHarnesses.ts).
  ...OBSERVE_HARNESSES,

  // docs/session-policies.md (spec/docs/policyHarnesses.ts).
  ...POLICY_HARNESSES,

  // docs/effects.md (spec/docs/effectsHarnesses.ts).
  ...EFFECTS_HARNESSES,

  // docs/adapters.md, "Sub-agents and handoffs" (spec/docs/subagentHarnesses.ts).
  ...SUBAGENT_HARNESSES,

  'adapter-ai-sdk': {
    // AI SDK 6's own test model: per run, a dangerous shell call, a harmless one, the answer with a key in two chunks.
    prelude: `
import { tool } from 'ai';
import { MockLanguageModelV3 } from 'ai/test';
import { z } from 'zod';
${POLICY}
${AI_SDK_BASH_TOOL}
const commands = ['rm -rf build', 'ls build'];
let step = 0;
const call = (i: number) => ({ type: 'tool-call' as const, toolCallId: \`c\${step}\`, toolName: 'bash', input: JSON.stringify({ command: commands[i] }) });
const baseModel = new MockLanguageModelV3({
  doGenerate: async () => {
    const i = step++ % 3;
    const content = i < 2 ? [call(i)] : [{ type: 'text' as const, text: ANSWER.join('') }];
    return { content, finishReason: { unified: i < 2 ? 'tool-calls' : 'stop', raw: undefined }, usage, warnings: [] };
  },
  doStream: async () => {
    const i = step++ % 3;
    const parts: any[] = i < 2 ? [call(i)] : [{ type: 'text-start', id: 't' }, ...ANSWER.map((delta) => ({ type: 'text-delta', id: 't', delta })), { type: 'text-end', id: 't' }];
    parts.push({ type: 'finish', finishReason: { unified: i < 2 ? 'tool-calls' : 'stop', raw: undefined }, usage });
    return { stream: new ReadableStream({ start: (c) => { for (const p of parts) c.enqueue(p); c.close(); } }) };
  },
});`,
    epilogue: `
await hooks.dispose();
console.log();
console.log(text);
console.log(JSON.stringify({ ran }));`,
    check: checkPolicy,
  },

  'adapter-mcp': {
    // A real McpServer and Client over the SDK's in-memory transport; the client's model answers sampling with a key.
    prelude: `
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import type { CallToolResult, CreateMessageRequest, CreateMessageResult } from '@modelcontextprotocol/sdk/types.js';
import { z } from 'zod';
${POLICY}
const server = new McpServer({ name: 'ops', version: '1.0.0' });
const client = new Client({ name: 'agent', version: '1.0.0' }, { capabilities: { sampling: {} } });
const inputSchema = { command: z.string() };
const runBash = ({ command }: { command: string }): CallToolResult => (ran.push(command), { content: [{ type: 'text', text: 'ok' }] });
const llm = async (_params: CreateMessageRequest['params']): Promise<CreateMessageResult> =>
  ({ role: 'assistant', model: 'scripted', content: { type: 'text', text: ANSWER.join('') } });
server.registerTool('summarize', {}, async () => {
  const answer = await server.server.createMessage({ messages: [{ role: 'user', content: { type: 'text', text: 'Summarize' } }], maxTokens: 99 });
  return { content: [answer.content as { type: 'text'; text: string }] };
});
const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
await server.connect(serverSide);
await client.connect(clientSide);`,
    epilogue: `
const listed = await tools.callTool({ name: 'bash', arguments: { command: 'ls build' } });
const summary = await tools.callTool({ name: 'summarize', arguments: {} });
await client.close();
await server.close();
await hooks.dispose();
console.log(JSON.stringify({ blocked: result.isError, listed: listed.isError ?? false, summary: summary.content }));
console.log(JSON.stringify({ ran }));`,
    check: (stdout) => {
      expect(stdout).not.toContain('AKIA');
      expect(stdout).toContain('Done. The key [REDACTED] is rotated.');
      expect(stdout).toContain('"blocked":true');
      expect((printed(stdout) as { ran: string[] }).ran).toEqual(['timeout 5 ls build']);
    },
  },

  'adapter-langchain': {
    // LangChain's own fakeModel, once per run: a dangerous shell call, a harmless one, the answer with a key.
    prelude: `
import { AIMessage } from '@langchain/core/messages';
import { fakeModel, tool } from 'langchain';
import { z } from 'zod';
${POLICY}
const bash = tool(({ command }: { command: string }) => (ran.push(command), 'ok'), {
  name: 'bash',
  description: 'Runs a shell command',
  schema: z.object({ command: z.string() }),
});
const model = fakeModel();
for (let run = 0; run < 2; run++)
  model
    .respondWithTools([{ name: 'bash', args: { command: 'rm -rf build' } }])
    .respondWithTools([{ name: 'bash', args: { command: 'ls build' } }])
    .respond(new AIMessage(ANSWER.join('')));`,
    epilogue: `
await hooks.dispose();
console.log(messages.at(-1)?.text);
console.log(JSON.stringify({ ran }));`,
    check: checkPolicy,
  },

  'adapter-openai-agents': {
    // A scripted Model (the SDK's own interface), tracing off: per run, two shell calls, then the answer with a key.
    prelude: `
import { setTracingDisabled, tool, Usage, type Model, type ModelResponse, type StreamEvent } from '@openai/agents';
import { z } from 'zod';
${POLICY}
setTracingDisabled(true);
const bash = tool({
  name: 'bash',
  description: 'Runs a shell command',
  parameters: z.object({ command: z.string() }),
  execute: async ({ command }) => (ran.push(command), 'ok'),
});
const commands = ['rm -rf build', 'ls build'];
let step = 0;
const output = (i: number): ModelResponse['output'] =>
  i < 2
    ? [{ type: 'function_call', callId: \`c\${step}\`, name: 'bash', arguments: JSON.stringify({ command: commands[i] }), status: 'completed' }]
    : [{ type: 'message', role: 'assistant', status: 'completed', content: [{ type: 'output_text', text: ANSWER.join('') }] }];
const model: Model = {
  getResponse: async () => ({ usage: new Usage(), output: output(step++ % 3) }),
  getStreamedResponse: async function* (): AsyncIterable<StreamEvent> {
    const i = step++ % 3;
    if (i === 2) for (const delta of ANSWER) yield { type: 'output_text_delta', delta };
    yield { type: 'response_done', response: { id: 'r', usage: { requests: 1, inputTokens: 1, outputTokens: 1, totalTokens: 2 }, output: output(i) } } as StreamEvent;
  },
};`,
    epilogue: `
await streamed.completed;
await hooks.dispose();
console.log();
console.log(JSON.stringify({ ran }));`,
    check: (stdout) => {
      checkPolicy(stdout);
      expect(stdout).toContain('rejectContent');
    },
  },

  // A vitest spec file: its tests run inside readme.spec.ts, with hooks/no-etc.sh (the README's bash block) in place.
  'testing-kit': { kind: 'suite' },
};
