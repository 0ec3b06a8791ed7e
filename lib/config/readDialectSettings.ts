/**
 * Reads one settings or bundle file of another agent (Claude Code, Gemini CLI) as that agent reads it
 * (issue #12, lib/config/dialects): native event names, the dialect's matcher rule, timeouts in its unit,
 * `if` conditions compiled once, keys of the agent's other features accepted quietly. Containment is
 * readSettings.ts's: a bad hook drops only itself, every drop is reported by pointer. Each entry remembers its
 * dialect, native event and bundle, so it later sees its own agent's stdin, variables and output rules.
 */
import { isEventName, type EventName } from '../events/names.js';
import type { Matcher, Mutable } from '../core/types.js';
import { isRecord } from '../core/guards.js';
import { createEntry } from '../plan/createEntry.js';
import { compileDialectMatcher } from '../plan/matcherSemantics.js';
import { dialectEvent } from './dialects/registry.js';
import type { DialectEvent, KeyTable } from './dialects/types.js';
import { joinPointer } from './jsonLocate.js';
import type { ProblemSink } from './problemSink.js';
import { describeReceived } from './problems.js';
import { checkKeys, readHook, type DialectFileContext, type Reader } from './readDialectHook.js';
import type { LoadedEntry, SourceSettings } from './readSettings.js';
import { closestName } from './suggest.js';

export type { DialectFileContext } from './readDialectHook.js';

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
