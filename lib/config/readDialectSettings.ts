/**
 * Reads one settings or bundle file of another agent (Claude Code, Gemini CLI) as that agent reads it
 * (issue #12, lib/config/dialects): native event names, the dialect's matcher rule, timeouts in its unit,
 * `if` conditions compiled once, keys of the agent's other features accepted quietly. Containment is
 * readSettings.ts's: a bad hook drops only itself, every drop is reported by pointer. Each entry remembers its
 * dialect, native event and bundle, so it later sees its own agent's stdin, variables and output rules.
 */
import { homedir } from 'node:os';
import { isEventName, type EventName } from '../events/names.js';
import type { CommandHookConfig, HookCondition, HookSource, Matcher, Mutable } from '../core/types.js';
import { isRecord } from '../core/guards.js';
import { createEntry } from '../plan/createEntry.js';
import { compileIfCondition } from '../plan/ifCondition.js';
import { compileDialectMatcher } from '../plan/matcherSemantics.js';
import { classifyKey, defaultTimeoutMs, dialectEvent, timeoutToMs } from './dialects/registry.js';
import type { Dialect, DialectEvent, DialectScope, KeyTable } from './dialects/types.js';
import { joinPointer } from './jsonLocate.js';
import type { ProblemSink } from './problemSink.js';
import { describeReceived } from './problems.js';
import type { LoadedEntry, SourceSettings } from './readSettings.js';
import { closestName } from './suggest.js';

/** Where a dialect file sits: its agent, scope, hookstream priority class, and the bundle it came with. */
export interface DialectFileContext {
  readonly dialect: Dialect;
  readonly scope: DialectScope;
  readonly source: HookSource;
  readonly file?: string;
  /** Set for a plugin's or extension's `hooks/hooks.json`. */
  readonly bundle?: { readonly root: string; readonly dataDir?: string };
  /** Keys besides `hooks` a bundle file may hold (a plugin's `description`). */
  readonly bundleKeys?: readonly string[];
  /** Relative `if` path rules resolve against it; default: the input's `cwd`. */
  readonly projectDir?: string;
}

interface Reader {
  readonly context: DialectFileContext;
  readonly sink: ProblemSink;
  /** Skipped hook types already reported in this file: one warning per type, not per hook. */
  readonly skippedTypes: Set<string>;
}

/** Reports a key the table does not act on: a near miss always, an unknown key where the dialect warns. */
const checkKeys = (record: Record<string, unknown>, table: KeyTable, pointer: string, reader: Reader, what: string) => {
  for (const key of Object.keys(record)) {
    const verdict = classifyKey(table, key);
    const at = joinPointer(pointer, key);
    if (verdict.kind === 'misspelt') {
      reader.sink.warning(at, `unknown ${what} key ${JSON.stringify(key)}; ignored; did you mean ${verdict.meant}?`, {
        atKey: true,
      });
    } else if (verdict.kind === 'unknown' && verdict.warn) {
      reader.sink.warning(
        at,
        `unknown ${what} key ${JSON.stringify(key)} in ${reader.context.dialect.label} settings; ignored`,
        {
          expected: `one of ${table.acted.join(', ')}`,
          atKey: true,
        },
      );
    }
  }
};

/** Reads the file; its switches stay in `raw` for dialectSwitches.ts, its hooks become entries. */
export function readDialectSettings(value: unknown, context: DialectFileContext, sink: ProblemSink): SourceSettings {
  const result: SourceSettings = { disabled: [], entries: [], dialect: context.dialect.id, scope: context.scope };
  if (!isRecord(value)) {
    sink.error('', 'settings must be a JSON object; no hook from this file is active', {
      expected: 'an object',
      received: describeReceived(value),
      fileInactive: true,
    });
    return result;
  }
  result.raw = value;
  const reader: Reader = { context, sink, skippedTypes: new Set() };
  const topLevel: KeyTable =
    context.bundleKeys === undefined
      ? context.dialect.topLevelKeys
      : { acted: ['hooks'], quiet: context.bundleKeys, unknown: 'quiet' };
  checkKeys(value, topLevel, '', reader, 'settings');
  const hooksConfig = value['hooksConfig'];
  // Gemini CLI's `hooksConfig.disabled`: hook names (or commands) switched off, as in hookstream's own files.
  if (isRecord(hooksConfig) && Array.isArray(hooksConfig['disabled'])) {
    result.disabled = hooksConfig['disabled'].filter((name): name is string => typeof name === 'string');
  }
  const hooks = value['hooks'];
  if (hooks === undefined) return result;
  if (!isRecord(hooks)) {
    sink.error('/hooks', '"hooks" must be an object keyed by event name; no hook from this file is active', {
      expected: 'an object such as { "PreToolUse": [ … ] }',
      received: describeReceived(hooks),
    });
    return result;
  }
  for (const [eventKey, groups] of Object.entries(hooks)) {
    if (context.dialect.hooksSectionKeys.includes(eventKey)) continue;
    readEvent(eventKey, groups, reader, result.entries);
  }
  return result;
}

function readEvent(eventKey: string, groups: unknown, reader: Reader, entries: LoadedEntry[]): void {
  const { dialect } = reader.context;
  const pointer = joinPointer('/hooks', eventKey);
  const event = dialectEvent(dialect, eventKey);
  if (event === undefined) {
    const suggestion = closestName(
      eventKey,
      dialect.events.map((known) => known.native),
    );
    reader.sink.warning(
      pointer,
      `unknown ${dialect.label} event ${JSON.stringify(eventKey)}; its hooks are ignored${suggestion === undefined ? '' : `; did you mean ${suggestion}?`}`,
      {
        received: JSON.stringify(eventKey),
        atKey: true,
      },
    );
    return;
  }
  if (!isEventName(event.canonical)) {
    reader.sink.warning(
      pointer,
      `${dialect.label} event ${eventKey} is not run by hookstream yet; its hooks are ignored`,
      {
        atKey: true,
      },
    );
    return;
  }
  if (!Array.isArray(groups)) {
    reader.sink.error(pointer, `hooks of ${eventKey} must be a list of hook groups; ignored`, {
      expected: 'an array of hook groups',
      received: describeReceived(groups),
    });
    return;
  }
  groups.forEach((group, index) => {
    readGroup(group, event, event.canonical as EventName, joinPointer(pointer, index), reader, entries);
  });
}

function readGroup(
  group: unknown,
  event: DialectEvent,
  canonical: EventName,
  pointer: string,
  reader: Reader,
  entries: LoadedEntry[],
): void {
  if (!isRecord(group) || !Array.isArray(group['hooks'])) {
    reader.sink.error(pointer, 'invalid hook group; dropped', {
      expected: 'an object such as { "matcher": "…", "hooks": [ … ] }',
      received: describeReceived(group),
    });
    return;
  }
  checkKeys(group, reader.context.dialect.groupKeys, pointer, reader, 'hook group');
  const matcher = readMatcher(group['matcher'], event, joinPointer(pointer, 'matcher'), reader);
  if (matcher === null) return;
  const sequential = group['sequential'] === true;
  group['hooks'].forEach((hook: unknown, index: number) => {
    const hookPointer = joinPointer(pointer, 'hooks', index);
    const read = readHook(hook, event, hookPointer, reader);
    if (read === undefined) return;
    const { entry } = createEntry(canonical, read.definition, {
      source: reader.context.source,
      file: reader.context.file,
      pointer: hookPointer,
      matcher,
      sequential,
      condition: read.condition,
    });
    const origin = entry.origin as Mutable<LoadedEntry['origin']>;
    origin.dialect = reader.context.dialect.id;
    origin.nativeEvent = event.native;
    if (reader.context.bundle !== undefined) origin.bundle = reader.context.bundle;
    entries.push(entry);
  });
}

/** The group's matcher (`undefined`: matches everything), or `null` when the group is dropped. */
function readMatcher(
  pattern: unknown,
  event: DialectEvent,
  pointer: string,
  reader: Reader,
): Matcher | undefined | null {
  if (pattern === undefined) return undefined;
  if (typeof pattern !== 'string') {
    reader.sink.error(pointer, 'matcher must be a string; hook group dropped', {
      expected: 'a string such as "Bash" or "Edit|Write"',
      received: describeReceived(pattern),
    });
    return null;
  }
  if (pattern.trim() === '' || pattern.trim() === '*') return undefined;
  if (event.matchTarget === undefined) {
    reader.sink.warning(
      pointer,
      `${event.native} has no matcher in ${reader.context.dialect.label}; it is ignored and the hooks run on every event`,
      {
        received: JSON.stringify(pattern),
      },
    );
    return undefined;
  }
  const { matcher, problem } = compileDialectMatcher(pattern, event.matcher);
  if (problem !== undefined) reader.sink.warning(pointer, problem, { received: JSON.stringify(pattern) });
  return matcher;
}

const isStringRecord = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((item) => typeof item === 'string');

interface ReadHook {
  definition: CommandHookConfig;
  condition?: HookCondition;
}

function readHook(hook: unknown, event: DialectEvent, pointer: string, reader: Reader): ReadHook | undefined {
  const { dialect } = reader.context;
  if (!isRecord(hook)) {
    reader.sink.error(pointer, 'invalid hook; dropped', {
      expected: 'an object such as { "type": "command", "command": "…" }',
      received: describeReceived(hook),
    });
    return undefined;
  }
  const type = hook['type'] ?? 'command';
  if (typeof type !== 'string' || !dialect.hookTypes.run.includes(type)) {
    const known = typeof type === 'string' && dialect.hookTypes.skipped.includes(type);
    const key = known ? type : '\u0000unknown';
    // A type the agent knows and hookstream does not run: once per file, never an error that drops the rest.
    if (!known || !reader.skippedTypes.has(key)) {
      reader.skippedTypes.add(key);
      reader.sink.warning(
        joinPointer(pointer, 'type'),
        known
          ? `${dialect.label} "${type}" hooks are not run by hookstream; skipped (this file may have more)`
          : `unknown hook type ${describeReceived(type)}; hook skipped`,
        {
          expected: dialect.hookTypes.run.map((name) => JSON.stringify(name)).join(' or '),
          received: JSON.stringify(type),
        },
      );
    }
    return undefined;
  }
  checkKeys(hook, dialect.hookKeys, pointer, reader, 'hook');
  const command = hook['command'];
  if (typeof command !== 'string' || command.trim() === '') {
    reader.sink.error(joinPointer(pointer, 'command'), 'a command hook needs a non-empty "command"; hook dropped', {
      expected: 'a non-empty string',
      received: describeReceived(command),
    });
    return undefined;
  }
  const definition: CommandHookConfig = { type: 'command', command };
  const args = hook['args'];
  if (args !== undefined) {
    if (!Array.isArray(args) || !args.every((arg) => typeof arg === 'string')) {
      reader.sink.error(joinPointer(pointer, 'args'), '"args" must be a list of strings; hook dropped', {
        expected: 'an array of strings',
        received: describeReceived(args),
      });
      return undefined;
    }
    definition.args = args;
  }
  definition.timeout = readTimeout(hook['timeout'], event, joinPointer(pointer, 'timeout'), reader);
  if (typeof hook['name'] === 'string') definition.name = hook['name'];
  if (typeof hook['description'] === 'string') definition.description = hook['description'];
  if (typeof hook['statusMessage'] === 'string') definition.statusMessage = hook['statusMessage'];
  if (isStringRecord(hook['env'])) definition.env = hook['env'];
  const rule = hook['if'];
  if (rule === undefined) return { definition };
  const condition = readCondition(rule, event, joinPointer(pointer, 'if'), reader);
  return condition === undefined ? undefined : { definition, condition };
}

/** The timeout in milliseconds; a bad value is reported and the default used (the hook still runs). */
function readTimeout(value: unknown, event: DialectEvent, pointer: string, reader: Reader): number {
  const { dialect } = reader.context;
  if (value === undefined) return defaultTimeoutMs(dialect, event);
  const converted = timeoutToMs(dialect, value);
  if ('ms' in converted) return converted.ms;
  const fallback = defaultTimeoutMs(dialect, event);
  reader.sink.warning(pointer, `${converted.problem}; the default of ${fallback} ms is used`, {
    received: describeReceived(value),
  });
  return fallback;
}

/** The compiled `if`; `undefined` drops the hook (an `if` outside tool events never runs in Claude Code). */
function readCondition(rule: unknown, event: DialectEvent, pointer: string, reader: Reader): HookCondition | undefined {
  if (typeof rule !== 'string') {
    reader.sink.error(pointer, '"if" must be a permission rule string; hook dropped', {
      expected: 'a string such as "Bash(git commit:*)"',
      received: describeReceived(rule),
    });
    return undefined;
  }
  if (event.ifCondition !== true) {
    reader.sink.warning(pointer, `"if" only applies to tool events; on ${event.native} the hook never runs`, {
      received: JSON.stringify(rule),
    });
    return undefined;
  }
  const { condition, problem } = compileIfCondition(rule);
  if (problem !== undefined) reader.sink.warning(pointer, problem, { received: JSON.stringify(rule) });
  const projectDir = reader.context.projectDir;
  const home = homedir();
  return {
    rule,
    test: (input) => {
      const cwd = typeof input['cwd'] === 'string' ? input['cwd'] : (projectDir ?? process.cwd());
      return condition.test({
        toolName: typeof input['tool_name'] === 'string' ? input['tool_name'] : '',
        toolInput: isRecord(input['tool_input']) ? input['tool_input'] : {},
        cwd,
        projectDir: projectDir ?? cwd,
        home,
      });
    },
  };
}
