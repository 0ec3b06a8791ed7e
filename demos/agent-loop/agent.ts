/**
 * The demo's reactive agent loop: a scripted Gemini-style model, real tools on a scratch project, and
 * hookstream's host wrappers applying every hook decision — the loop only reads their outcomes.
 */
import { firstValueFrom, from, toArray, tap } from 'rxjs';
import {
  AgentStopSignal,
  callModelWithHooks,
  genaiTranslator,
  runAgentWithHooks,
  sessionEndWithHooks,
  sessionStartWithHooks,
  withToolHooks,
  type ToolCall,
} from '../../lib/entry/host.js';
import { type HookSystem } from '../../lib/index.js';
import type { GenAIContent, GenAIPart, GenAIRequest } from '../../lib/translate/index.js';
import { createScriptedModel, offeredTools } from './scriptedModel.js';
import { createTools, TOOL_DECLARATIONS } from './tools.js';
import type { Ui } from './ui.js';

/** A view of the hook system that reports every fired event's result to the narration. */
const counted = (hooks: HookSystem, ui: Ui): HookSystem => {
  const view = Object.create(hooks) as HookSystem;
  view.fire$ = (event, fields) =>
    hooks.fire$(event, fields).pipe(
      tap((result) => {
        ui.count(result);
      }),
    );
  view.fire = (event, fields) => hooks.fire(event, fields).then((result) => (ui.count(result), result));
  return view;
};

export interface SessionOptions {
  hooks: HookSystem;
  projectDir: string;
  ui: Ui;
  /** Turns the read-only phase on or off (the marker file the read-only policy looks for). */
  setReadOnly: (on: boolean) => void;
}

export const runSession = async ({ hooks: raw, projectDir, ui, setReadOnly }: SessionOptions): Promise<void> => {
  const hooks = counted(raw, ui);
  const model = createScriptedModel();
  const tools = createTools(projectDir);
  const contents: GenAIContent[] = [];
  let systemInstruction = 'You are a careful coding agent.';

  const request = (): GenAIRequest => ({
    model: 'scripted-gemini',
    contents: structuredClone(contents),
    config: { systemInstruction, temperature: 0.2, tools: [{ functionDeclarations: TOOL_DECLARATIONS }] },
  });

  const executeTool = (input: Record<string, unknown>, { toolName }: { toolName: string }) => {
    const tool = tools[toolName];
    if (!tool) return { llmContent: `Unknown tool ${toolName}`, isError: true };
    return tool(input);
  };

  /** One agent turn: model calls and tool calls until the model answers with text. */
  const turn = async (prompt: string): Promise<string> => {
    contents.push({ role: 'user', parts: [{ text: prompt }] });
    for (let round = 0; round < 12; round++) {
      ui.event('BeforeModel → BeforeToolSelection → model → AfterModel');
      const outcome = await callModelWithHooks(hooks, request(), (req) => model.generateContent(req), {
        translator: genaiTranslator,
      });
      if (outcome.toolConfig) {
        const offered = offeredTools(outcome.request);
        const withheld = TOOL_DECLARATIONS.map((d) => d.name).filter((name) => !offered.includes(name));
        ui.restricted(
          `model offered ${offered.join(', ') || 'no tools'}; withheld ${withheld.join(', ') || 'nothing'}`,
        );
      }
      for (const warning of outcome.warnings) ui.warning(warning);
      const parts: GenAIPart[] = outcome.response.candidates?.[0]?.content?.parts ?? [];
      contents.push({ role: 'model', parts });
      const text = parts.map((p) => p.text ?? '').join('');
      if (outcome.responseModified) ui.redacted('AfterModel changed the response before the agent saw it');
      if (text) ui.say('model', text);
      const calls: ToolCall[] = parts.flatMap((p) =>
        p.functionCall ? [{ toolName: String(p.functionCall.name), toolInput: p.functionCall.args ?? {} }] : [],
      );
      if (calls.length === 0) return text;

      for (const call of calls) ui.event(`BeforeTool ${call.toolName}`, JSON.stringify(call.toolInput).slice(0, 80));
      const outcomes = await firstValueFrom(from(calls).pipe(withToolHooks(hooks, executeTool), toArray()));
      const responses: GenAIPart[] = [];
      for (const [index, done] of outcomes.entries()) {
        const original = calls[index]?.toolInput;
        if (done.blocked) ui.blocked(`${done.toolName}: ${done.blocked.reason}`);
        else if (JSON.stringify(done.toolInput) !== JSON.stringify(original)) {
          ui.modified(`${done.toolName} input → ${JSON.stringify(done.toolInput)}`);
        }
        for (const message of done.systemMessages) ui.info(`system: ${message}`);
        for (const warning of done.warnings) ui.warning(`${warning} — the agent carries on`);
        if (!done.blocked) ui.ok(`${done.toolName}: ${(done.display ?? done.llmContent).split('\n')[0] ?? ''}`);
        responses.push({ functionResponse: { name: done.toolName, response: { output: done.llmContent } } });
      }
      contents.push({ role: 'user', parts: responses });
    }
    return 'Gave up after 12 rounds.';
  };

  try {
    ui.heading('Session start');
    ui.event('SessionStart', 'source=startup');
    const start = await sessionStartWithHooks(hooks, 'startup');
    if (start.additionalContext) {
      systemInstruction += `\n\n${start.additionalContext}`;
      const firstLines = start.additionalContext
        .split('\n')
        .filter((l) => l.startsWith('- '))
        .slice(0, 2);
      ui.context(`project context added to the system instruction, e.g. ${firstLines.join(' ')}`);
    }

    const prompts: [string, boolean, string][] = [
      ['Phase 1 — planning (read-only)', true, 'Plan how to add a farewell(name) function next to greet(name).'],
      ['Phase 2 — building', false, 'Go ahead and implement the plan, then run the tests.'],
    ];
    for (const [title, readOnly, prompt] of prompts) {
      ui.heading(title);
      setReadOnly(readOnly);
      ui.say('user', prompt);
      ui.event('BeforeAgent');
      const run = await runAgentWithHooks(
        hooks,
        prompt,
        async (p, { continuation }) => {
          if (continuation > 0) {
            ui.event('AfterAgent', 'the Stop hook blocked the end of the turn');
            ui.forced(p);
          }
          return turn(p);
        },
        { maxContinuations: 2 },
      );
      if (run.blocked) ui.blocked(`prompt discarded: ${run.blocked.reason}`);
      for (const warning of run.warnings) ui.warning(warning);
      ui.event('AfterAgent', run.continuations > 0 ? `done after ${run.continuations} forced turn(s)` : 'done');
    }
  } catch (error) {
    if (!(error instanceof AgentStopSignal)) throw error;
    ui.stopped(`${error.event}: ${error.reason}`);
  } finally {
    ui.heading('Session end');
    ui.event('SessionEnd', 'reason=exit (bounded flush)');
    const end = await sessionEndWithHooks(hooks, 'exit', { flushMs: 3000 });
    if (end.timedOut) ui.warning('SessionEnd hooks cut off at the flush limit');
  }
};
