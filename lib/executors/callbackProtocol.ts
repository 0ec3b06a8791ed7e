/**
 * How the answer of a hook the host runs through a callback becomes a verdict, as Claude Code documents
 * its `prompt`, `agent` and `mcp_tool` hooks:
 * - a prompt or agent hook's judge answers `{ ok, reason }`: `ok: false` refuses with the reason — a block where
 *   the event can block, a warning where it cannot (the event's exit-2 meaning in the hook's dialect);
 * - an `mcp_tool` hook's CallToolResult text is read as a command hook's stdout (JSON output or plain text, the
 *   dialect's way); `isError: true` is a failure of the hook.
 * Pure, like commandProtocol.ts: every row is testable without a callback.
 */
import { dialectEvent } from '../dialects/registry.js';
import { HOOKSTREAM } from '../dialects/hookstream.js';
import { isRecord } from '../core/guards.js';
import type { HookEntry } from '../model/types.js';
import type { EventName } from '../events/names.js';
import type { HookOutput } from '../events/outputs.js';
import { interpretCommandRun, type ProcessOutcome, type ProtocolVerdict } from '../protocol/commandProtocol.js';
import { toDialectInput } from '../protocol/dialectInput.js';
import { interpretDialectRun, type DialectRunContext } from '../protocol/dialectOutput.js';
import { dialectOf } from './dialectRuns.js';
import { stderrReason } from '../protocol/stderrReason.js';
import { lookUp } from '../protocol/inputReferences.js';

type Input = Readonly<Record<string, unknown>>;

/**
 * The agent a hook answers as: its dialect's event for a hook from another agent's file, hookstream's own table
 * otherwise; `undefined` only for an event no table names (then hookstream's plain protocol applies).
 */
export const hookDialectContext = (hook: HookEntry): DialectRunContext | undefined => {
  const { dialect: id, nativeEvent } = hook.origin;
  if (id !== undefined && id !== 'hookstream' && nativeEvent !== undefined) return dialectOf(hook);
  const event = dialectEvent(HOOKSTREAM, nativeEvent ?? hook.event);
  return event === undefined ? undefined : { dialect: HOOKSTREAM, event };
};

/** The hook input as the hook's agent writes it (Claude's field and event names for a Claude hook). */
export const inputForHook = (input: Input, context: DialectRunContext | undefined): Input =>
  context === undefined ? input : toDialectInput(input, context.event, context.dialect);

/** A field's value as prompt text: a string or number as written; anything else leaves the word in place. */
const fieldText = (input: Input, path: string | undefined): string | undefined => {
  const value = path === undefined ? undefined : lookUp(input, path);
  return typeof value === 'string' || typeof value === 'number' ? String(value) : undefined;
};

/**
 * The prompt a judge receives: `$ARGUMENTS` replaced by the input JSON, or the JSON appended after a blank line
 * when the prompt has no `$ARGUMENTS` (Claude Code's rule). `fields` are the hook's dialect's own words
 * (OLLM's `{{file.path}}` → the input's `file_path`); a word whose field the input lacks stays as written. One
 * pass over the template: a file path holding `$ARGUMENTS`, or JSON holding `{{file.path}}`, stays text.
 */
export const promptWithArguments = (
  template: string,
  input: Input,
  fields?: Readonly<Record<string, string>>,
): string => {
  const json = JSON.stringify(input);
  const appended = template.includes('$ARGUMENTS') ? '' : `\n\n${json}`;
  // A replacer function: `$&` or `$'` inside the JSON must stay text, not become replacement patterns.
  if (fields === undefined) return `${template.replaceAll('$ARGUMENTS', () => json)}${appended}`;
  const words = ['$ARGUMENTS', ...Object.keys(fields)];
  let filled = '';
  let at = 0;
  for (;;) {
    // The earliest word from `at`: what a replacement wrote is never read again.
    let next = -1;
    let word = '';
    for (const candidate of words) {
      const found = template.indexOf(candidate, at);
      if (found !== -1 && (next === -1 || found < next)) [next, word] = [found, candidate];
    }
    if (next === -1) break;
    filled += template.slice(at, next) + (word === '$ARGUMENTS' ? json : (fieldText(input, fields[word]) ?? word));
    at = next + word.length;
  }
  filled += template.slice(at);
  return `${filled}${appended}`;
};

const preview = (value: unknown): string => {
  const text = JSON.stringify(value) ?? String(value);
  return text.length > 200 ? `${text.slice(0, 200)}…` : text;
};

/** An optional string field of the answer; a value of another type is dropped with a warning. */
const textField = (answer: Input, field: string, warnings: string[]): string | undefined => {
  const value = answer[field];
  if (value === undefined || typeof value === 'string') return value;
  warnings.push(`field "${field}": expected a string, received ${preview(value)}; ignored`);
  return undefined;
};

const verdictOf = (
  outcome: ProtocolVerdict['outcome'],
  output: HookOutput,
  warnings: string[],
  message?: string,
): ProtocolVerdict => {
  const verdict: ProtocolVerdict = { outcome, outputWarnings: warnings };
  if (Object.keys(output).length > 0) verdict.output = output;
  if (message !== undefined) verdict.message = message;
  return verdict;
};

/**
 * A judge's answer (`{ ok, reason?, additionalContext?, systemMessage? }`) as a verdict. `ok: false` follows the
 * event: it blocks where exit code 2 blocks, is a `warning` where the event cannot be blocked, and nothing where
 * the agent ignores it. Anything but an object with a boolean `ok` fails the hook.
 */
export const interpretJudgeAnswer = (
  name: string,
  answer: unknown,
  context: DialectRunContext | undefined,
): ProtocolVerdict => {
  if (!isRecord(answer) || typeof answer.ok !== 'boolean') {
    return verdictOf(
      'failed',
      {},
      [],
      `Hook "${name}" answered ${preview(answer)}; expected { ok: boolean, reason?: string }`,
    );
  }
  const warnings: string[] = [];
  const reason = textField(answer, 'reason', warnings)?.trim();
  const extraContext = textField(answer, 'additionalContext', warnings);
  const systemMessage = textField(answer, 'systemMessage', warnings);
  const output: HookOutput = {};
  if (systemMessage !== undefined && systemMessage !== '') output.systemMessage = systemMessage;
  if (extraContext !== undefined && extraContext !== '')
    output.hookSpecificOutput = { additionalContext: extraContext };
  if (answer.ok) return verdictOf('success', output, warnings);
  if (reason === undefined || reason === '') warnings.push('ok: false without a reason');
  const why = reason === undefined || reason === '' ? `Hook "${name}" answered ok: false` : reason;
  const native = context?.event.native ?? name;
  switch (context?.event.exit2 ?? 'block') {
    case 'block':
      output.decision = 'block';
      output.reason = why;
      return verdictOf('blocked', output, warnings, why);
    // An agent where exit 2 is a failure runs no judges; read as the warning it would be.
    case 'failure':
    case 'warning':
      return verdictOf(
        'warning',
        output,
        warnings,
        `Hook "${name}" answered ok: false, but ${native} cannot be blocked: ${why}`,
      );
    case 'ignored':
      warnings.push(`ok: false has no effect on ${native}`);
      return verdictOf('success', output, warnings);
  }
};

/** The text of an MCP CallToolResult: its text parts joined by newlines, else its structured content as JSON. */
export const toolResultText = (result: Input): string => {
  const parts = Array.isArray(result.content) ? (result.content as unknown[]) : [];
  const texts: string[] = [];
  for (const part of parts) {
    if (isRecord(part) && part.type === 'text' && typeof part.text === 'string') texts.push(part.text);
  }
  if (texts.length > 0) return texts.join('\n');
  return isRecord(result.structuredContent) ? JSON.stringify(result.structuredContent) : '';
};

/** What bounds reading a tool's result. */
export interface ToolResultTerms {
  /** The tool: `server/tool`, for messages. */
  readonly tool: string;
  /** Text longer than this many UTF-8 bytes is not read as a decision (a command hook's stdout cap). */
  readonly maxOutputBytes: number;
  readonly timeoutMs: number;
}

/**
 * An MCP tool's CallToolResult as a verdict: an error result fails the hook (fail open unless its failure
 * policy says block); otherwise its text is a command hook's stdout at exit 0, read as the hook's agent reads it.
 */
export const interpretToolResult = (
  name: string,
  event: EventName,
  result: unknown,
  context: DialectRunContext | undefined,
  terms: ToolResultTerms,
): ProtocolVerdict => {
  if (!isRecord(result)) {
    return verdictOf(
      'failed',
      {},
      [],
      `Hook "${name}" got ${preview(result)} from MCP tool ${terms.tool}; expected a CallToolResult`,
    );
  }
  const text = toolResultText(result);
  if (result.isError === true) {
    const detail = stderrReason(text);
    const message = `Hook "${name}" got an error from MCP tool ${terms.tool}${detail === undefined ? '' : `: ${detail}`}`;
    return verdictOf('failed', {}, [], message);
  }
  if (Buffer.byteLength(text, 'utf8') > terms.maxOutputBytes) {
    const message = `Hook "${name}" output was not used: MCP tool ${terms.tool} returned more than ${terms.maxOutputBytes} bytes of text`;
    return verdictOf('failed', {}, [], message);
  }
  const run: ProcessOutcome = { exitCode: 0, stdout: text, stderr: '', timedOut: false, timeoutMs: terms.timeoutMs };
  return context === undefined ? interpretCommandRun(name, event, run) : interpretDialectRun(name, run, context);
};
