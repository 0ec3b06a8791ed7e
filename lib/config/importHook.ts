/**
 * One hook of another agent's file in hookstream's own format (`hookstream import`, importDialect.ts): its
 * agent's spellings read through the same table the dialect reader uses (dialectHookFields.ts: Copilot's
 * `bash` and `timeoutSec`, Cursor's `failClosed`, Codex's `commandWindows`), its timeout in milliseconds, and the
 * fields of its type (command, http, prompt, agent, mcp_tool) kept as hookstream's files hold them. What cannot
 * be carried over — an `if`, a plugin placeholder, a type the agent skips — is a note, never a silent drop.
 */
import { isRecord } from '../core/guards.js';
import { normalizeDialectHook, type HookFieldsReader } from './dialectHookFields.js';
import { timeoutToMs } from '../dialects/registry.js';
import type { Dialect, DialectScope } from '../dialects/types.js';
import { createProblemSink } from '../diagnostics/problemSink.js';
import type { ConfigProblem } from '../diagnostics/problems.js';
import { HOOK_TYPES, isConfiguredHookType } from '../dialects/hookstreamFields.js';

/** Where the file being imported sits: its agent, its scope there, and the project. */
export interface ImportContext {
  readonly dialect: Dialect;
  readonly scope?: DialectScope;
  readonly file?: string;
  readonly projectDir?: string;
}

/** Placeholder values that only a plugin's or extension's hooks have. */
const BUNDLE_VALUES = new Set(['pluginRoot', 'pluginData', 'extensionPath']);

/** Keys every type keeps besides its own (timeouts convert separately). */
const SKIPPED = new Set(['type', 'timeout', 'if']);

/** The hook with the agent's spellings read (problems become notes), or `undefined` when it has no command here. */
const normalized = (hook: Record<string, unknown>, pointer: string, context: ImportContext, notes: string[]) => {
  const problems: ConfigProblem[] = [];
  const reader: HookFieldsReader = {
    context: {
      dialect: context.dialect,
      scope: context.scope ?? 'project',
      ...(context.file === undefined ? {} : { file: context.file }),
      ...(context.projectDir === undefined ? {} : { projectDir: context.projectDir }),
    },
    sink: createProblemSink('', problems),
  };
  const fields = normalizeDialectHook(hook, pointer, reader);
  for (const problem of problems) notes.push(`${problem.pointer}: ${problem.message}`);
  return fields;
};

/**
 * One hook in hookstream's format, or `undefined` (with a note) when it cannot be carried over.
 *
 * @example
 * convertHook({ type: 'command', bash: './guard.sh', timeoutSec: 5 }, { dialect: COPILOT }, '/hooks/preToolUse/0', notes);
 * // { type: 'command', command: './guard.sh', timeout: 5000 }
 */
export const convertHook = (
  hook: unknown,
  context: ImportContext,
  pointer: string,
  notes: string[],
): Record<string, unknown> | undefined => {
  const { dialect } = context;
  if (!isRecord(hook)) {
    notes.push(`${pointer}: not a hook object; skipped`);
    return undefined;
  }
  const type = hook['type'] ?? 'command';
  if (typeof type !== 'string' || !dialect.hookTypes.run.includes(type) || !isConfiguredHookType(type)) {
    notes.push(`${pointer}: ${JSON.stringify(type)} hooks are not run by hookstream; skipped`);
    return undefined;
  }
  if (hook['if'] !== undefined) {
    notes.push(
      `${pointer}: "if": ${JSON.stringify(hook['if'])} has no hookstream equivalent; the hook was not imported`,
    );
    return undefined;
  }
  const fields = normalized(hook, pointer, context, notes);
  if (fields === undefined) return undefined;
  const { required } = HOOK_TYPES[type];
  const missing = required.find((key) => typeof fields[key] !== 'string' || fields[key] === '');
  if (missing !== undefined) {
    notes.push(`${pointer}: no ${missing}; skipped`);
    return undefined;
  }
  const args: unknown[] = Array.isArray(fields['args']) ? (fields['args'] as unknown[]) : [];
  const texts = [fields['command'], ...args].filter((text): text is string => typeof text === 'string');
  const placeholder = dialect.placeholders.find(
    (candidate) => candidate.value !== 'projectDir' && texts.some((text) => text.includes(candidate.token)),
  );
  if (placeholder !== undefined) {
    const why = BUNDLE_VALUES.has(placeholder.value ?? '')
      ? 'only exists for a plugin or extension'
      : `is ${dialect.label}'s own placeholder, which hookstream's files do not fill in`;
    notes.push(`${pointer}: ${placeholder.token} ${why}; the hook was not imported`);
    return undefined;
  }
  // x-code's `${env:NAME}`: in a shell, `${env:…}` is substring syntax, not the variable NAME.
  if (dialect.envPlaceholders === true && texts.some((text) => text.includes('${env:'))) {
    notes.push(
      `${pointer}: \${env:NAME} is ${dialect.label}'s own placeholder (write "$NAME" in hookstream); the hook was not imported`,
    );
    return undefined;
  }
  const converted: Record<string, unknown> = { type };
  for (const key of Object.keys(HOOK_TYPES[type].fields)) {
    if (!SKIPPED.has(key) && fields[key] !== undefined) converted[key] = fields[key];
  }
  if (fields['timeout'] !== undefined) {
    const timeout = timeoutToMs(dialect, fields['timeout']);
    if ('ms' in timeout) converted['timeout'] = timeout.ms;
    else notes.push(`${pointer}/timeout: ${timeout.problem}; left out (${dialect.label}'s default applies)`);
  }
  return converted;
};
