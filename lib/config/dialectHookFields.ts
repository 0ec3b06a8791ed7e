/**
 * A hook of another agent's file in the keys hookstream reads (readDialectHook.ts), from the dialect's tables:
 * keys it spells its own way (Copilot's `timeoutSec`, Cursor's `failClosed`), the command for this platform
 * (Copilot's `bash`/`powershell`/`command`/`exec`, Codex's `commandWindows`), and the directory the command
 * runs in (Copilot's `cwd`, the file's own directory for Cursor's user hooks).
 *
 * A working directory other than the project becomes `cd -- "$HOOKSTREAM_HOOK_CWD" && <command>` with the
 * directory in the hook's environment: the path is never shell text
 * (a path substituted into a command runs any `$(…)` in it).
 */
import { dirname, resolve } from 'node:path';
import { isRecord } from '../core/guards.js';
import { DEFAULT_KIND, runsProgram } from '../kinds/table.js';
import { HOOK_CWD_VARIABLE } from '../dialects/hookstream.js';
import { locationOf } from '../dialects/registry.js';
import type { Dialect, DialectScope } from '../dialects/types.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { describeReceived } from '../diagnostics/problems.js';

/** What normalizing reads of the file being read (readDialectHook.ts's `Reader` is one). */
export interface HookFieldsReader {
  readonly context: {
    readonly dialect: Dialect;
    readonly scope: DialectScope;
    readonly file?: string;
    readonly projectDir?: string;
  };
  readonly sink: ProblemSink;
}
type Reader = HookFieldsReader;

type Hook = Record<string, unknown>;

const needsWork = (dialect: Dialect, reader: Reader): boolean =>
  dialect.hookAliases !== undefined ||
  dialect.commandKeys !== undefined ||
  dialect.cwdKey !== undefined ||
  locationOf(dialect, reader.context.scope)?.commandCwd === 'fileDir';

/** Keys under hookstream's name; an alias wins over a key already written (Copilot: `timeoutSec` over `timeout`). */
const applyAliases = (hook: Hook, out: Hook, pointer: string, reader: Reader): void => {
  for (const [native, alias] of Object.entries(reader.context.dialect.hookAliases ?? {})) {
    const value = hook[native];
    if (value === undefined) continue;
    Reflect.deleteProperty(out, native);
    if (alias.values === undefined) {
      out[alias.key] = value;
      continue;
    }
    const key = JSON.stringify(value);
    if (Object.hasOwn(alias.values, key)) out[alias.key] = alias.values[key];
    else
      reader.sink.warning(joinPointer(pointer, native), `invalid value for ${JSON.stringify(native)}; ignored`, {
        expected: Object.keys(alias.values).join(' or '),
        received: describeReceived(value),
      });
  }
};

/** The command for this platform into `command` (`args` kept for an executable); `false`: skip the hook here. */
const pickCommand = (hook: Hook, out: Hook, pointer: string, reader: Reader): boolean => {
  const { dialect } = reader.context;
  const keys = dialect.commandKeys;
  if (keys === undefined) return true;
  const windows = process.platform === 'win32';
  const own = windows ? keys.win32 : process.platform === 'darwin' ? (keys.darwin ?? keys.posix) : keys.posix;
  const other = [...(windows ? keys.posix : keys.win32), ...(keys.darwin ?? [])].filter((key) => !own.includes(key));
  for (const key of [...own, ...other]) if (key !== 'command') Reflect.deleteProperty(out, key);
  if (keys.exec !== undefined) Reflect.deleteProperty(out, keys.exec);
  const executable = keys.exec === undefined ? undefined : hook[keys.exec];
  if (typeof executable === 'string') {
    // No shell: the arguments go to the executable as written.
    out['command'] = executable;
    out['args'] = hook['args'] ?? [];
    return true;
  }
  Reflect.deleteProperty(out, 'args');
  const key = own.find((candidate) => typeof hook[candidate] === 'string' && hook[candidate].trim() !== '');
  if (key !== undefined) {
    out['command'] = hook[key];
    return true;
  }
  const elsewhere = other.find((candidate) => typeof hook[candidate] === 'string' && !own.includes(candidate));
  if (elsewhere === undefined) return true; // no command at all: readCommand reports it
  reader.sink.warning(
    joinPointer(pointer, elsewhere),
    `this hook has only "${elsewhere}", which ${dialect.label} runs on ${windows ? 'Linux and macOS' : 'Windows'}; skipped on this platform`,
    { expected: own.map((name) => `"${name}"`).join(' or ') },
  );
  return false;
};

/** The directory the hook asks to run in, when it is not the project directory. */
const workingDirectory = (hook: Hook, out: Hook, pointer: string, reader: Reader): string | undefined => {
  const { dialect, scope, file, projectDir } = reader.context;
  const base = projectDir ?? process.cwd();
  let directory = locationOf(dialect, scope)?.commandCwd === 'fileDir' && file !== undefined ? dirname(file) : base;
  if (dialect.cwdKey !== undefined && hook[dialect.cwdKey] !== undefined) {
    const asked = hook[dialect.cwdKey];
    Reflect.deleteProperty(out, dialect.cwdKey);
    if (typeof asked === 'string' && asked.trim() !== '') directory = resolve(base, asked);
    else
      reader.sink.warning(joinPointer(pointer, dialect.cwdKey), `invalid value for "${dialect.cwdKey}"; ignored`, {
        expected: 'a directory, relative to the repository root or absolute',
        received: describeReceived(asked),
      });
  }
  return resolve(directory) === resolve(base) ? undefined : directory;
};

/**
 * `hook` in hookstream's keys for `reader`'s dialect: `hook` itself when the dialect spells hooks as hookstream
 * does, else a copy; `undefined` when the hook has no command for this platform (reported).
 *
 * @example
 * normalizeDialectHook({ type: 'command', bash: './check.sh', timeoutSec: 5 }, '/hooks/preToolUse/0', copilotReader);
 * // { type: 'command', command: './check.sh', timeout: 5 }
 */
export function normalizeDialectHook(hook: Hook, pointer: string, reader: Reader): Hook | undefined {
  const { dialect } = reader.context;
  if (!needsWork(dialect, reader)) return hook;
  const out: Hook = Object.assign({}, hook);
  applyAliases(hook, out, pointer, reader);
  if (!runsProgram(out['type'] ?? DEFAULT_KIND)) return out;
  if (!pickCommand(hook, out, pointer, reader)) return undefined;
  const directory = workingDirectory(hook, out, pointer, reader);
  if (directory === undefined || typeof out['command'] !== 'string') return out;
  if (Array.isArray(out['args'])) {
    reader.sink.warning(
      pointer,
      `a working directory is not supported with "exec"; the hook runs in the project directory`,
      {
        received: JSON.stringify(directory),
      },
    );
    return out;
  }
  out['command'] = `cd -- "$${HOOK_CWD_VARIABLE}" && ${out['command']}`;
  out['env'] = Object.assign({}, isRecord(out['env']) ? out['env'] : {}, { [HOOK_CWD_VARIABLE]: directory });
  return out;
}
