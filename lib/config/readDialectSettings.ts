/**
 * Reads one settings or bundle file of another agent (Claude Code, Gemini CLI, Cursor, Copilot, Codex) as that
 * agent reads it (lib/dialects): native event names, hooks in groups or listed flat
 * (Cursor, Copilot), the dialect's matcher rule (anchored for Copilot), an event's own tool filter (Cursor's
 * `beforeShellExecution`), Copilot's root-owned policy files, timeouts in its unit,
 * `if` conditions compiled once, keys of the agent's other features accepted quietly. Containment is
 * readSettings.ts's: a bad hook drops only itself, every drop is reported by pointer. Each entry remembers its
 * dialect, native event and bundle, so it later sees its own agent's stdin, variables and output rules.
 */
import { isEventName, type EventName } from '../events/names.js';
import type { HookCondition, Matcher, Mutable } from '../model/types.js';
import { isRecord } from '../core/guards.js';
import { createEntry } from '../plan/createEntry.js';
import { compileDialectMatcher, onBasename } from '../plan/matcherSemantics.js';
import { allConditions } from '../plan/effectMatcher.js';
import { readEffects } from './effectSettings.js';
import { dirname } from 'node:path';
import { dialectEvent, locationOf } from '../dialects/registry.js';
import { ownershipFault } from './dialectDirectories.js';
import type { DialectEvent, KeyTable } from '../dialects/types.js';
import { joinPointer } from '../diagnostics/jsonLocate.js';
import { inDialectVocabulary, vocabularyProblem } from './matchVocabulary.js';
import type { ProblemSink } from '../diagnostics/problemSink.js';
import { describeReceived } from '../diagnostics/problems.js';
import { checkKeys, readHook, type DialectFileContext, type Reader } from './readDialectHook.js';
import { readDialectHttpSettings } from './httpSettings.js';
import { reportCommandWhitelist } from './commandWhitelist.js';
import { reportNotAnObject, type LoadedEntry, type SourceSettings } from './readSettings.js';
import { closestName } from '../diagnostics/suggest.js';
import { fromLegacy, isLegacyDocument } from './ollmLegacy.js';

export type { DialectFileContext } from './readDialectHook.js';

/** Reads the file; its switches stay in `raw` for dialectSwitches.ts, its hooks become entries. */
export function readDialectSettings(read: unknown, context: DialectFileContext, sink: ProblemSink): SourceSettings {
  // A hooks file a manifest names holds the event map itself (x-code's `"hooks": "./hooks/hooks.json"`).
  const atTop = context.hooksAtTop === true && isRecord(read) ? { hooks: read } : read;
  // OLLM's legacy `{ when, then }` hooks, in its settings shape.
  const value =
    context.dialect.legacyHooks === true && isLegacyDocument(atTop) ? fromLegacy(atTop, context.dialect, sink) : atTop;
  const result: SourceSettings = { disabled: [], entries: [], dialect: context.dialect.id, scope: context.scope };
  if (!isRecord(value)) {
    reportNotAnObject(value, sink);
    return result;
  }
  const location = locationOf(context.dialect, context.scope);
  const fault =
    location?.ownership === 'root' && context.file !== undefined && process.platform !== 'win32'
      ? (ownershipFault(dirname(context.file)) ?? ownershipFault(context.file))
      : undefined;
  if (fault !== undefined) {
    // Discovery refuses such files already; this covers a file list built by hand.
    sink.error(
      '',
      `policy hooks must be owned by root and not writable by group or others, but ${fault}; no hook from this file is active`,
      {
        fileInactive: true,
      },
    );
    return result;
  }
  result.raw = value;
  const reader: Reader = { context, sink, skippedTypes: new Set() };
  const topLevel: KeyTable =
    context.bundleKeys === undefined
      ? context.dialect.topLevelKeys
      : { acted: ['hooks'], quiet: context.bundleKeys, unknown: 'quiet' };
  checkKeys(value, topLevel, '', reader, 'settings');
  const http = context.bundleKeys === undefined ? readDialectHttpSettings(value, context, sink) : undefined;
  if (http !== undefined) result.http = http;
  if (context.bundleKeys === undefined) reportCommandWhitelist(value, context, sink);
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
  if (event === undefined && dialect.unsupportedEvents?.includes(eventKey) === true) {
    reader.sink.warning(pointer, `${dialect.label} event ${eventKey} has no hookstream event; its hooks are ignored`, {
      atKey: true,
    });
    return;
  }
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
  const list: EventList = { event, canonical: event.canonical, reader, entries };
  const readItem = dialect.hookList === 'flat' ? readFlatHook : readGroup;
  groups.forEach((item, index) => {
    readItem(item, joinPointer(pointer, index), list);
  });
}

/** The event whose list is read, and where its hooks go. */
interface EventList {
  readonly event: DialectEvent;
  readonly canonical: EventName;
  readonly reader: Reader;
  readonly entries: LoadedEntry[];
}

/** A hook listed straight under its event (Cursor, Copilot), its own `matcher` beside its command. */
function readFlatHook(hook: unknown, pointer: string, list: EventList): void {
  const pattern = isRecord(hook) ? hook['matcher'] : undefined;
  const matcher = readMatcher(pattern, list.event, joinPointer(pointer, 'matcher'), list.reader);
  if (matcher === null) return;
  const effects = isRecord(hook) ? groupEffects(hook['effects'], pointer, list) : undefined;
  // A hook's own `"sequential": true` (OLLM) chains its event's hooks, as a sequential group does.
  const sequential =
    isRecord(hook) && hook['sequential'] === true && list.reader.context.dialect.hookKeys.acted.includes('sequential');
  readOne(hook, { matcher, sequential, effects }, pointer, list);
}

/** What a hook takes from its group (a flat hook: its own matcher). */
interface Placement {
  readonly matcher: Matcher | undefined;
  readonly sequential: boolean;
  /** The group's effect matcher: the hook runs only for calls with those effects (or unreadable ones). */
  readonly effects: HookCondition | undefined;
}

/** A group's `effects`, read against the file's project directory. */
function groupEffects(value: unknown, pointer: string, list: EventList): HookCondition | undefined {
  const { reader } = list;
  return readEffects(value, list.canonical, joinPointer(pointer, 'effects'), reader.sink, reader.context.projectDir);
}

/** One hook into an entry that remembers its dialect, native event and bundle. */
function readOne(hook: unknown, placement: Placement, pointer: string, list: EventList): void {
  const { event, reader } = list;
  const read = readHook(hook, event, pointer, reader);
  if (read === undefined) return;
  // The agent does not wait for this event's hooks (x-code's SessionEnd): neither does hookstream.
  if (event.background === true) read.definition.async = true;
  const { entry } = createEntry(list.canonical, read.definition, {
    source: reader.context.source,
    file: reader.context.file,
    pointer,
    matcher: withToolFilter(event, placement.matcher),
    // The agent runs this event's hooks in registration order (x-code's decision events): so does hookstream.
    sequential: placement.sequential || event.serial === true,
    condition: allConditions(placement.effects, read.condition),
  });
  const origin = entry.origin as Mutable<LoadedEntry['origin']>;
  origin.dialect = reader.context.dialect.id;
  origin.nativeEvent = event.native;
  if (reader.context.bundle !== undefined) origin.bundle = reader.context.bundle;
  list.entries.push(entry);
}

const toolFilters = new WeakMap<DialectEvent, Matcher>();

/**
 * The matcher with the event's own tool filter (Cursor's `beforeShellExecution` is BeforeTool for shell tools
 * only): one compiled filter per event, shared by its hooks.
 */
function withToolFilter(event: DialectEvent, matcher: Matcher | undefined): Matcher | undefined {
  if (event.toolFilter === undefined) return matcher;
  let filter = toolFilters.get(event);
  if (filter === undefined) toolFilters.set(event, (filter = compileDialectMatcher(event.toolFilter, 'regex').matcher));
  if (matcher === undefined) return filter;
  const only = filter;
  return {
    pattern: `${only.pattern} and ${matcher.pattern}`,
    test: (target) => only.test(target) && matcher.test(target),
  };
}

/** A hook group of Claude Code's shape: `{ "matcher": "…", "hooks": [ … ] }`. */
function readGroup(group: unknown, pointer: string, list: EventList): void {
  const { event, reader } = list;
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
  const effects = groupEffects(group['effects'], pointer, list);
  const placement: Placement = { matcher, sequential: group['sequential'] === true, effects };
  group['hooks'].forEach((hook: unknown, index: number) => {
    readOne(hook, placement, joinPointer(pointer, 'hooks', index), list);
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
  // Copilot anchors its matchers: `bash` must be the whole tool name.
  const source = event.anchored === true ? `^(?:${pattern})$` : pattern;
  const { matcher, problem } = compileDialectMatcher(source, event.matcher);
  if (problem !== undefined) reader.sink.warning(pointer, problem, { received: JSON.stringify(pattern) });
  const unknownWords = vocabularyProblem(pattern, event, reader.context.dialect.label);
  if (unknownWords !== undefined) reader.sink.warning(pointer, unknownWords, { received: JSON.stringify(pattern) });
  return event.matchBasename === true ? onBasename(matcher) : inDialectVocabulary(matcher, event);
}
