/**
 * Collects the effects of one call: each distinct effect once, in the order found, and the shell words a
 * handler reads as `Arg`s — text as written plus whether a running shell alone decides it.
 */
import { posix } from 'node:path';
import { EFFECT_CLASSES, type Effect, type EffectClass } from './types.js';

/** One argument: its text (quotes removed, expansions as written) and whether the shell decides it at run time. */
export interface Arg {
  readonly text: string;
  /** False for a word with an expansion (`$X`, `$(…)`) or a glob (`*.log`): its value is only known at run time. */
  readonly known: boolean;
}

export const UNKNOWN_ARG: Arg = { text: '?', known: false };

/** Files that take output and keep nothing (`> /dev/null`): writing them changes no file. */
const SINKS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '-']);
/** Devices that produce bytes and hold no file's content (`dd if=/dev/zero`). */
const SOURCES = new Set(['/dev/zero', '/dev/random', '/dev/urandom', '/dev/stdin', '/dev/null']);

/** Patterns made once: a regex literal in a function is a new object on every call. */
const PROCESS_PIPE = /^[<>]\(/;
const DEV_TCP = /^\/dev\/(?:tcp|udp)\/([^/]+)/;
const URL_HOST = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)/i;
const SCP_HOST = /^(?:[^@/:\s]+@)?([A-Za-z0-9.-]+\.[A-Za-z]{2,}|localhost|\d+\.\d+\.\d+\.\d+)(?::|$)/;
const HOST_NAME = /^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/;

/**
 * A relative path that `posix.normalize` leaves as it is: no empty, `.` or `..` segment, no slash at either end.
 * Two such paths join as `a/b`, without the string building of `posix.join` (a tenth of a command's time).
 */
const plainPath = (path: string): boolean => {
  if (path === '' || path.charCodeAt(0) === 47 || path.charCodeAt(path.length - 1) === 47) return false;
  let start = 0;
  for (;;) {
    const end = path.indexOf('/', start);
    const length = (end === -1 ? path.length : end) - start;
    if (length === 0) return false;
    if (path.charCodeAt(start) === 46 && (length === 1 || (length === 2 && path.charCodeAt(start + 1) === 46)))
      return false;
    if (end === -1) return true;
    start = end + 1;
  }
};

/**
 * `dir` (a plain path) joined with a `text` that climbs out of it by leading `../` to a plain path, as
 * `posix.join` would (`src` and `../x.env` → `x.env`); undefined for any other text, or one that climbs above
 * `dir`, which `posix.join` takes. `posix.join` builds its result a segment at a time.
 */
const climbed = (dir: string, text: string): string | undefined => {
  let start = 0;
  let end = dir.length;
  while (text.startsWith('../', start)) {
    if (end === 0) return undefined;
    end = Math.max(0, dir.lastIndexOf('/', end - 1));
    start += 3;
  }
  if (start === 0) return undefined;
  const rest = text.slice(start);
  if (!plainPath(rest)) return undefined;
  return end === 0 ? rest : `${dir.slice(0, end)}/${rest}`;
};

/** `dir` joined with `text` and normalised, as `posix.join` does; plain paths, `.` and `../` climbs without it. */
const joined = (dir: string, text: string): string => {
  if (!plainPath(dir)) return posix.join(dir, text);
  if (plainPath(text)) return `${dir}/${text}`;
  if (text === '.') return dir;
  return climbed(dir, text) ?? posix.join(dir, text);
};

/** Each effect class's bit in the classes a target was recorded with. */
const CLASS_BITS: ReadonlyMap<string, number> = new Map(EFFECT_CLASSES.map((name, index) => [name, 1 << index]));
/** Up to this many effects, a recorded one is found by a scan of them; past it, by a map of their targets. */
const SCAN_LIMIT = 16;

/**
 * The bit of an effect whose key `class NUL target NUL` is equal to no key of an effect with no target (nor
 * of one with a target with NUL in it, or only U+0001): such an effect is found by class and target alone.
 */
const usualBit = (effect: string, target: string | undefined): number | undefined =>
  target !== undefined && target !== '\u0001' && !target.includes('\u0000') ? CLASS_BITS.get(effect) : undefined;

export class EffectSink {
  readonly effects: Effect[] = [];
  /** Past SCAN_LIMIT effects: the classes each usual target was recorded with, as bits. */
  private classesOf: Map<string, number> | undefined;
  /** The other effects (no target, or a target with NUL in it or only U+0001), by their key. */
  private seen: Set<string> | undefined;
  /** The directory relative paths are under: `''` the call's cwd, undefined when a `cd` made it unknown. */
  dir: string | undefined = '';

  /**
   * Records an effect unless it was recorded: the same class and target, or with no target the same class
   * and `written`. Most calls record a handful: a scan finds them with no key string built and hashed.
   */
  add(effect: EffectClass, target: string | undefined, written?: string): void {
    const bit = usualBit(effect, target);
    if (target !== undefined && bit !== undefined) {
      if (this.recorded(effect, target, bit)) return;
    } else {
      const key = `${effect}\u0000${target ?? '\u0001'}\u0000${target === undefined ? (written ?? '') : ''}`;
      this.seen ??= new Set();
      if (this.seen.has(key)) return;
      this.seen.add(key);
    }
    if (target !== undefined) this.effects.push({ effect, target });
    else if (written !== undefined) this.effects.push({ effect, written });
    else this.effects.push({ effect });
  }

  /** Whether `effect` on a usual `target` was recorded; notes it in the map when there is one. */
  private recorded(effect: EffectClass, target: string, bit: number): boolean {
    if (this.classesOf === undefined) {
      for (const each of this.effects) if (each.target === target && each.effect === effect) return true;
      if (this.effects.length < SCAN_LIMIT) return false;
      this.classesOf = new Map();
      for (const each of this.effects) {
        const recorded = usualBit(each.effect, each.target);
        if (each.target !== undefined && recorded !== undefined)
          this.classesOf.set(each.target, (this.classesOf.get(each.target) ?? 0) | recorded);
      }
    }
    const classes = this.classesOf.get(target) ?? 0;
    if ((classes & bit) !== 0) return true;
    this.classesOf.set(target, classes | bit);
    return false;
  }

  unknown(reason: string): void {
    this.add('unknown', reason);
  }

  /** The path an argument names, relative paths under the directory a `cd` went to; undefined when unknown. */
  pathOf(arg: Arg): string | undefined {
    if (!arg.known || arg.text === '') return undefined;
    const text = arg.text;
    if (text.startsWith('/') || text === '~' || text.startsWith('~/')) return text;
    if (this.dir === undefined) return undefined;
    if (this.dir === '') return text;
    return joined(this.dir, text);
  }

  /** A file effect on `arg`; writing a sink such as `/dev/null` is none, `/dev/tcp/HOST/PORT` is egress. */
  path(effect: 'reads' | 'writes' | 'deletes', arg: Arg): void {
    if (arg.known && SINKS.has(arg.text) && effect !== 'deletes') return;
    if (arg.known && effect === 'reads' && SOURCES.has(arg.text)) return;
    // `<(…)` and `>(…)` name a pipe to commands that are read on their own.
    if (!arg.known && PROCESS_PIPE.test(arg.text)) return;
    const tcp = DEV_TCP.exec(arg.text);
    if (tcp !== null) {
      this.add('egress', arg.known ? tcp[1] : undefined, arg.text);
      return;
    }
    const path = this.pathOf(arg);
    this.add(effect, path, path === undefined ? arg.text : undefined);
  }

  /** `cd DIR`: later relative paths are under it; unknown when DIR is. */
  cd(arg: Arg | undefined, conditional: boolean): void {
    if (conditional || (arg !== undefined && !arg.known)) this.dir = undefined;
    else if (arg === undefined || arg.text === '~' || arg.text === '-') this.dir = arg?.text === '-' ? undefined : '~';
    else if (arg.text.startsWith('/') || arg.text.startsWith('~/')) this.dir = posix.normalize(arg.text);
    else if (this.dir === '' && plainPath(arg.text)) this.dir = arg.text;
    else if (this.dir !== undefined) this.dir = joined(this.dir, arg.text);
  }

  /** `egress` to the host of a URL or `user@host`; an unknown host when it cannot be read. */
  egress(host: string | undefined, written?: string): void {
    this.add('egress', host, host === undefined ? written : undefined);
  }
}

/** The host of a URL (`https://x.org/p`), `git@host:path`, `user@host` or `host:path`; undefined when none. */
export const hostOf = (arg: Arg): string | undefined => {
  if (!arg.known) return undefined;
  const text = arg.text;
  const url = URL_HOST.exec(text);
  if (url !== null) return url[1]?.toLowerCase();
  const scp = SCP_HOST.exec(text);
  return scp?.[1]?.toLowerCase();
};

/** A bare host name as `ping`, `nc` or `ssh` take it. */
export const hostName = (arg: Arg | undefined): string | undefined => {
  if (arg === undefined || !arg.known) return undefined;
  const at = arg.text.lastIndexOf('@');
  const host = arg.text.slice(at + 1).split(':')[0] ?? '';
  return HOST_NAME.test(host) ? host.toLowerCase() : undefined;
};
