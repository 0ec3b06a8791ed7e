/**
 * One hook of another agent's file (readDialectSettings.ts): its type, keys, command, timeout in the dialect's
 * unit and `if` condition, each fault reported at its pointer and dropping only this hook. Also the reader state
 * and key check both modules share.
 */
import { homedir } from 'node:os';
import type { CommandHookConfig, ConfiguredHookConfig, HookCondition, HookSource } from '../model/types.js';
import { isLeft } from 'fp-ts/lib/Either.js';
import { normalizeDialectHook } from './dialectHookFields.js';
import { toHookDefinition } from './hookDefinition.js';
import { HOOK_TYPES, isConfiguredHookType, type ConfiguredHookType } from '../dialects/hookstreamFields.js';
import { isRecord } from '../core/guards.js';
import { runsProgram } from '../kinds/table.js';
import { compileIfCondition } from '../plan/ifCondition.js';
import { classifyKey, defaultTimeoutMs, timeoutToMs } from '../dialects/registry.js';
import type { Dialect, DialectEvent, DialectScope, KeyTable } from '../dialects/types.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import { isInstalledCommand } from '../dialects/installedEntry.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { describeReceived } from '../diagnostics/problems.js';

/** Where a dialect file sits: its agent, scope, hookstream priority class, and the bundle it came with. */
export interface DialectFileContext {
  readonly dialect: Dialect;
  readonly scope: DialectScope;
  readonly source: HookSource;
  readonly file?: string;
  /** Set for a plugin's or extension's `hooks/hooks.json`. */
  readonly bundle?: { readonly root: string; readonly dataDir?: string; readonly id?: string };
  /** The file is a bundle's event map itself, with no outer `hooks` (x-code's referenced hooks file). */
  readonly hooksAtTop?: true;
  /** Keys besides `hooks` a bundle file may hold (a plugin's `description`). */
  readonly bundleKeys?: readonly string[];
  /** Relative `if` path rules resolve against it; default: the input's `cwd`. */
  readonly projectDir?: string;
  /** The command whitelist in force (commandWhitelist.ts), in place of the dialect's default. */
  readonly commandWhitelist?: readonly string[];
}

export interface Reader {
  readonly context: DialectFileContext;
  readonly sink: ProblemSink;
  /** Skipped hook types already reported in this file: one warning per type, not per hook. */
  readonly skippedTypes: Set<string>;
}

/** Reports a key the table does not act on: a near miss always, an unknown key where the dialect warns. */
export const checkKeys = (
  record: Record<string, unknown>,
  table: KeyTable,
  pointer: string,
  reader: Reader,
  what: string,
) => {
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

export interface ReadHook {
  definition: ConfiguredHookConfig;
  condition?: HookCondition;
}

export function readHook(hook: unknown, event: DialectEvent, pointer: string, reader: Reader): ReadHook | undefined {
  const { dialect } = reader.context;
  if (!isRecord(hook)) {
    reader.sink.error(pointer, 'invalid hook; dropped', {
      expected: 'an object such as { "type": "command", "command": "…" }',
      received: describeReceived(hook),
    });
    return undefined;
  }
  // A hook its author switched off (OLLM's `"enabled": false`) is not loaded.
  if (dialect.hookKeys.acted.includes('enabled') && hook['enabled'] === false) return undefined;
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
  // The agent's own spellings (Copilot's `bash`, `timeoutSec` …) in hookstream's keys (dialectHookFields.ts).
  const fields = normalizeDialectHook(hook, pointer, reader);
  if (fields === undefined) return undefined;
  // hookstream's own entry in the agent's file calls hookstream: running it from here would loop.
  if (isInstalledCommand(fields['command']) || isInstalledCommand(fields['url'])) return undefined;
  const command = runsProgram(type) ? readCommand(fields, pointer, reader) : undefined;
  if (command !== undefined && !whitelisted(command.command, joinPointer(pointer, 'command'), reader)) return undefined;
  const definition = runsProgram(type) ? command : readTyped(type, fields, pointer, reader);
  if (definition === undefined) return undefined;
  definition.timeout = readTimeout(fields['timeout'], event, type, joinPointer(pointer, 'timeout'), reader);
  const rule = fields['if'];
  if (rule === undefined) return { definition };
  const condition = readCondition(rule, event, joinPointer(pointer, 'if'), reader);
  return condition === undefined ? undefined : { definition, condition };
}

/** Whether the program is on the command whitelist in force (OLLM's); a program that is not is reported. */
function whitelisted(program: string, pointer: string, reader: Reader): boolean {
  const { context } = reader;
  const list = context.commandWhitelist ?? context.dialect.commandWhitelist;
  // The exact name, as OLLM compares it: `./node` or `/tmp/node` is another program.
  if (list === undefined || list.includes(program)) return true;
  reader.sink.error(
    pointer,
    `${JSON.stringify(program)} is not on ${context.dialect.label}'s command whitelist, so this hook never runs; hook dropped (a "commandWhitelist" in user settings sets the list)`,
    {
      expected: list.length === 0 ? 'no program: the whitelist allows none' : `one of ${list.join(', ')}`,
      received: JSON.stringify(program),
    },
  );
  return false;
}

/** Fields every type reads the same way in every dialect; a value of the wrong type is ignored with a warning. */
const COMMON_KEYS = ['name', 'description', 'statusMessage', 'async', 'asyncRewake', 'failurePolicy', 'required'];

/** Decodes the fields of `keys` present in `hook` with the type's codecs; a bad required one drops the hook. */
function decodePresent(
  type: ConfiguredHookType,
  hook: Record<string, unknown>,
  keys: readonly string[],
  pointer: string,
  reader: Reader,
): Record<string, unknown> | undefined {
  const { fields: codecs, required } = HOOK_TYPES[type];
  const fields: Record<string, unknown> = {};
  for (const key of keys) {
    const codec = codecs[key];
    const value = hook[key];
    if (codec === undefined) continue;
    if (value === undefined) {
      if (!required.includes(key)) continue;
      reader.sink.error(joinPointer(pointer, key), `a ${type} hook needs "${key}"; hook dropped`, {
        expected: codec.name,
        received: describeReceived(value),
      });
      return undefined;
    }
    const decoded = codec.decode(value);
    if (!isLeft(decoded)) {
      fields[key] = decoded.right;
      continue;
    }
    const drop = required.includes(key) || key === 'args';
    const message = `invalid value for ${JSON.stringify(key)}; ${drop ? 'hook dropped' : 'ignored'}`;
    const detail = { expected: codec.name, received: describeReceived(value) };
    if (drop) {
      reader.sink.error(joinPointer(pointer, key), message, detail);
      return undefined;
    }
    reader.sink.warning(joinPointer(pointer, key), message, detail);
  }
  return fields;
}

function readCommand(hook: Record<string, unknown>, pointer: string, reader: Reader): CommandHookConfig | undefined {
  const command = hook['command'];
  if (typeof command !== 'string' || command.trim() === '') {
    reader.sink.error(joinPointer(pointer, 'command'), 'a command hook needs a non-empty "command"; hook dropped', {
      expected: 'a non-empty string',
      received: describeReceived(command),
    });
    return undefined;
  }
  const fields = decodePresent('command', hook, ['args', 'env', ...COMMON_KEYS], pointer, reader);
  if (fields === undefined) return undefined;
  fields['command'] = command;
  return toHookDefinition('command', fields) as CommandHookConfig;
}

/** An http, prompt, agent or mcp_tool hook: the type's own fields, then the common ones. */
function readTyped(
  type: string,
  hook: Record<string, unknown>,
  pointer: string,
  reader: Reader,
): ConfiguredHookConfig | undefined {
  if (!isConfiguredHookType(type)) return undefined;
  const own = Object.keys(HOOK_TYPES[type].fields).filter(
    (key) => key !== 'type' && key !== 'timeout' && !COMMON_KEYS.includes(key),
  );
  const fields = decodePresent(type, hook, [...own, ...COMMON_KEYS], pointer, reader);
  return fields === undefined ? undefined : toHookDefinition(type, fields);
}

/** The timeout in milliseconds; a bad value is reported and the default used (the hook still runs). */
function readTimeout(value: unknown, event: DialectEvent, type: string, pointer: string, reader: Reader): number {
  const { dialect } = reader.context;
  if (value === undefined) return defaultTimeoutMs(dialect, event, type);
  const converted = timeoutToMs(dialect, value);
  if ('ms' in converted) {
    // Above the agent's ceiling: cut to it, and said.
    if (converted.problem !== undefined)
      reader.sink.warning(pointer, converted.problem, { received: describeReceived(value) });
    return converted.ms;
  }
  const fallback = defaultTimeoutMs(dialect, event, type);
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
