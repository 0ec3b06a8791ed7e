/**
 * OLLM's legacy hook format, translated into its settings shape before reading:
 * `{ "name": "Lint on Save", "when": { "type": "fileEdited", "patterns": ["*.ts"] }, "then": { "type": "askAgent",
 * "prompt": "Run linting" } }` (one per file, or a list) becomes a hook of the `fileEdited` event (FileChanged)
 * whose matcher is the patterns, running `then`: `runCommand` a program without a shell, `askAgent` a prompt
 * through the host's prompt callback (its `{{file.path}}` filled in there, from the dialect's `promptFields`). A
 * hook that cannot be translated is an error at its pointer and is
 * dropped alone; a file none of whose hooks load therefore fails `validate`.
 */
import { isRecord } from '../core/guards.js';
import { describeReceived } from '../core/messages.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { closestName } from '../diagnostics/suggest.js';
import { dialectEvent } from '../dialects/registry.js';
import type { Dialect } from '../dialects/types.js';

type Fields = Record<string, unknown>;

const isLegacyHook = (value: unknown): value is Fields => isRecord(value) && ('when' in value || 'then' in value);

/** Whether `value` is in the legacy format: a hook with `when`/`then`, or a list of them. */
export const isLegacyDocument = (value: unknown): boolean =>
  isLegacyHook(value) || (Array.isArray(value) && value.length > 0 && value.every(isLegacyHook));

const REGEX_SPECIAL = /[.+^${}()|[\]\\]/g;

/**
 * A file glob as an unanchored-at-the-start regular expression over a path: `*.ts` matches `src/a.ts`, `**` any
 * depth, `?` one character; the pattern must reach the end of the path.
 */
export const globToRegex = (glob: string): string => {
  let out = '';
  for (let at = 0; at < glob.length; at += 1) {
    const char = glob[at] ?? '';
    if (char === '*' && glob[at + 1] === '*') {
      out += '.*';
      at += glob[at + 2] === '/' ? 2 : 1;
    } else if (char === '*') out += '[^/]*';
    else if (char === '?') out += '[^/]';
    else out += char.replace(REGEX_SPECIAL, '\\$&');
  }
  return `(^|/)${out}$`;
};

/** `then` as a hook of the settings shape, or `undefined` (reported). */
const actionOf = (then: unknown, pointer: string, sink: ProblemSink): Fields | undefined => {
  if (!isRecord(then) || (then.type !== 'runCommand' && then.type !== 'askAgent')) {
    sink.error(joinPointer(pointer, 'then'), 'a legacy OLLM hook needs an action; hook dropped', {
      expected: '{ "type": "runCommand", "command": … } or { "type": "askAgent", "prompt": … }',
      received: describeReceived(isRecord(then) ? then.type : then),
    });
    return undefined;
  }
  if (then.type === 'askAgent') return { type: 'prompt', prompt: then.prompt };
  const { command, args } = then;
  // No shell runs it: a command line written without `args` is its words.
  if (typeof command === 'string' && args === undefined) {
    const [program = '', ...rest] = command.trim().split(/\s+/);
    return { type: 'command', command: program, args: rest };
  }
  return { type: 'command', command, args };
};

/**
 * The legacy hooks of `value` in the settings shape `{ hooks: { <event>: [hook, …] } }`.
 *
 * @example
 * fromLegacy({ name: 'lint', when: { type: 'fileEdited', patterns: ['*.ts'] }, then: { type: 'runCommand', command: 'npx eslint' } }, OLLM, sink);
 * // { hooks: { fileEdited: [{ name: 'lint', matcher: '(^|/)[^/]*\\.ts$', type: 'command', command: 'npx', args: ['eslint'] }] } }
 */
export const fromLegacy = (value: unknown, dialect: Dialect, sink: ProblemSink): Fields => {
  const list = Array.isArray(value) ? (value as unknown[]) : [value];
  const hooks: Record<string, Fields[]> = {};
  list.forEach((item, index) => {
    const pointer = Array.isArray(value) ? `/${index}` : '';
    const hook = item as Fields;
    const when = hook.when;
    const trigger = isRecord(when) ? when.type : undefined;
    if (typeof trigger !== 'string' || dialectEvent(dialect, trigger) === undefined) {
      const suggestion =
        typeof trigger === 'string'
          ? closestName(
              trigger,
              dialect.events.map((event) => event.native),
            )
          : undefined;
      sink.error(
        joinPointer(pointer, 'when', 'type'),
        `unknown ${dialect.label} trigger; hook dropped${suggestion === undefined ? '' : `; did you mean ${suggestion}?`}`,
        {
          expected: `one of ${dialect.events.map((event) => event.native).join(', ')}`,
          received: describeReceived(trigger),
        },
      );
      return;
    }
    const action = actionOf(hook.then, pointer, sink);
    if (action === undefined) return;
    const converted: Fields = {};
    const name = hook.name ?? hook.id;
    if (name !== undefined) converted.name = name;
    const patterns = isRecord(when) ? when.patterns : undefined;
    if (Array.isArray(patterns) && patterns.every((pattern) => typeof pattern === 'string')) {
      if (patterns.length > 0) converted.matcher = patterns.map(globToRegex).join('|');
    } else if (patterns !== undefined) {
      sink.warning(joinPointer(pointer, 'when', 'patterns'), 'patterns must be a list of file globs; ignored', {
        expected: 'a list such as ["*.ts"]',
        received: describeReceived(patterns),
      });
    }
    Object.assign(converted, action);
    for (const key of ['enabled', 'timeout', 'env'] as const) if (hook[key] !== undefined) converted[key] = hook[key];
    (hooks[trigger] ??= []).push(converted);
  });
  return { hooks };
};
