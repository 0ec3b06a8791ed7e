/**
 * A scripted stand-in for a Gemini-style model (no network): it answers Google GenAI
 * `generateContent` requests with text or function calls, and adapts to what it observes — the tools
 * it is offered, and tool results that say a call was blocked.
 */
import type { GenAIContent, GenAIPart, GenAIRequest, GenAIResponse } from '../../lib/translate/index.js';

const FAREWELL_SOURCE = `export function greet(name) {
  return \`Hello, \${name}!\`;
}

export function farewell(name) {
  return \`Goodbye, \${name}!\`;
}
`;

const FAREWELL_TEST = `import { test } from 'node:test';
import assert from 'node:assert/strict';
import { farewell, greet } from '../src/greet.js';

test('greet says hello', () => {
  assert.equal(greet('Ada'), 'Hello, Ada!');
});

test('farewell says goodbye', () => {
  assert.equal(farewell('Ada'), 'Goodbye, Ada!');
});
`;

const call = (name: string, args: Record<string, unknown>): GenAIPart => ({ functionCall: { name, args } });
const reply = (parts: GenAIPart[]): GenAIResponse => ({
  candidates: [{ content: { role: 'model', parts }, finishReason: 'STOP', index: 0 }],
  usageMetadata: { promptTokenCount: 100, candidatesTokenCount: 20, totalTokenCount: 120 },
});

/** The names of the tools this request offers the model, after any hook restriction. */
export const offeredTools = (request: GenAIRequest): string[] => {
  const declared = (request.config?.tools ?? [])
    .flatMap((t) => t.functionDeclarations ?? [])
    .map((d) => String(d.name));
  const calling = request.config?.toolConfig?.functionCallingConfig;
  if (calling?.mode === 'NONE') return [];
  return calling?.allowedFunctionNames ? declared.filter((n) => calling.allowedFunctionNames?.includes(n)) : declared;
};

const lastToolResults = (contents: readonly GenAIContent[]): string[] =>
  (contents.at(-1)?.parts ?? []).flatMap((p) =>
    p.functionResponse ? [JSON.stringify(p.functionResponse.response ?? {})] : [],
  );

/**
 * The scripted model as a hook judge (a `prompt` hook's `evaluatePrompt`, issue 14): asked with
 * `responseMimeType: 'application/json'`, it reads the hook input in the prompt and answers `{ ok, reason }` —
 * refusing writes to environment files and text holding an AWS access key, as the demo's command policies do.
 */
const judge = (request: GenAIRequest): GenAIResponse => {
  const asked = request.contents
    .flatMap((content) => content.parts ?? [])
    .map((part) => part.text ?? '')
    .join('\n');
  const reason = /"(?:path|file_path)":"(?:[^"]*\/)?\.env"/.test(asked)
    ? '.env holds secrets; configuration goes in config/ instead'
    : /AKIA[0-9A-Z]{16}/.test(asked)
      ? 'the text holds an AWS access key'
      : undefined;
  return reply([{ text: JSON.stringify(reason === undefined ? { ok: true } : { ok: false, reason }) }]);
};

export interface ScriptedModel {
  generateContent(request: GenAIRequest): Promise<GenAIResponse>;
  /** The tools offered at each call, for the demo's narration. */
  readonly calls: { offered: string[] }[];
}

export const createScriptedModel = (): ScriptedModel => {
  const calls: { offered: string[] }[] = [];
  let step = 0;
  return {
    calls,
    generateContent: async (request) => {
      // A judging request (JSON answer wanted) is not a step of the session: it leaves the script where it is.
      if (request.config?.responseMimeType === 'application/json') {
        await new Promise((r) => setTimeout(r, 40)); // "thinking"
        return judge(request);
      }
      const offered = offeredTools(request);
      calls.push({ offered });
      const results = lastToolResults(request.contents);
      const lastUser =
        request.contents
          .filter((c) => c.role === 'user')
          .at(-1)
          ?.parts?.map((p) => p.text ?? '')
          .join('') ?? '';
      await new Promise((r) => setTimeout(r, 40)); // "thinking"
      // Planning: look around with whatever read tools are offered.
      if (step === 0) {
        step = 1;
        return reply([call('list_directory', { path: '.' }), call('read_file', { path: 'src/greet.js' })]);
      }
      if (step === 1) {
        step = 2;
        const canWrite = offered.includes('write_file');
        return reply([
          {
            text:
              `Plan (${canWrite ? 'write tools available' : `read-only phase: offered ${offered.join(', ')}`}): ` +
              'add farewell(name) beside greet(name) in src/greet.js, test it in test/greet.test.js, and set the ' +
              'default greeting in the environment file.',
          },
        ]);
      }
      // Building: first try the environment file, then adapt to the block.
      if (step === 2) {
        step = 3;
        return reply([call('write_file', { path: '.env', content: 'GREETING=Hello\n' })]);
      }
      if (step === 3) {
        step = 4;
        const blocked = results.some((r) => /blocked|protected/i.test(r));
        return reply([
          ...(blocked ? [{ text: 'The hook says .env is protected; configuration goes in config/ instead.' }] : []),
          call('write_file', { path: 'config/greeting.json', content: '{ "greeting": "Hello" }\n' }),
          call('write_file', { path: 'src/greet.js', content: FAREWELL_SOURCE }),
          call('write_file', { path: 'test/greet.test.js', content: FAREWELL_TEST }),
        ]);
      }
      if (step === 4) {
        step = 5;
        // Files, not a directory: Node 22 reads --test arguments as file patterns and fails on `test/`.
        return reply([call('run_shell_command', { command: 'node --test test/*.test.js' })]);
      }
      if (step === 5) {
        step = 6;
        const passed = results.some((r) => r.includes('exit code 0'));
        return reply([
          {
            text:
              `${passed ? 'All tests pass.' : 'Tests still fail.'} farewell(name) is in src/greet.js. ` +
              'For reference, the deploy credentials I saw are AWS_ACCESS_KEY_ID=AKIAIOSFODNN7EXAMPLE in .env.',
          },
        ]);
      }
      // The Stop hook sent us back: do what its reason asks.
      if (step === 6 && /CHANGELOG/.test(lastUser)) {
        step = 7;
        return reply([
          call('write_file', {
            path: 'CHANGELOG.md',
            content: '# Changelog\n\n## 1.1.0\n- farewell(name)\n\n## 1.0.0\n- greet(name)\n',
          }),
        ]);
      }
      if (step === 7) {
        step = 8;
        return reply([{ text: 'Added the 1.1.0 CHANGELOG entry for farewell(). Done.' }]);
      }
      return reply([{ text: 'Nothing more to do.' }]);
    },
  };
};
