/**
 * Collects the effects of one call: each distinct effect once, in the order found, and the shell words a
 * handler reads as `Arg`s — text as written plus whether a running shell alone decides it.
 */
import { posix } from 'node:path';
import type { ParsedWord } from '../../inspect/reference/shellScan.js';
import type { Effect, EffectClass } from '../../../lib/effects/types.js';

/** One argument: its text (quotes removed, expansions as written) and whether the shell decides it at run time. */
export interface Arg {
  readonly text: string;
  /** False for a word with an expansion (`$X`, `$(…)`) or a glob (`*.log`): its value is only known at run time. */
  readonly known: boolean;
}

export const UNKNOWN_ARG: Arg = { text: '?', known: false };

/** A parsed shell word as an `Arg`. */
export const argOf = (word: ParsedWord): Arg => {
  let text = '';
  let known = true;
  for (const part of word.parts) {
    if (part.kind === 'literal') text += part.text;
    else if (part.kind === 'glob') {
      text += part.text;
      known = false;
    } else {
      text += part.raw;
      known = false;
    }
  }
  return { text, known };
};

/** Files that take output and keep nothing (`> /dev/null`): writing them changes no file. */
const SINKS = new Set(['/dev/null', '/dev/stdout', '/dev/stderr', '/dev/tty', '-']);
/** Devices that produce bytes and hold no file's content (`dd if=/dev/zero`). */
const SOURCES = new Set(['/dev/zero', '/dev/random', '/dev/urandom', '/dev/stdin', '/dev/null']);

export class EffectSink {
  readonly effects: Effect[] = [];
  private readonly seen = new Set<string>();
  /** The directory relative paths are under: `''` the call's cwd, undefined when a `cd` made it unknown. */
  dir: string | undefined = '';

  add(effect: EffectClass, target: string | undefined, written?: string): void {
    const key = `${effect}\u0000${target ?? '\u0001'}\u0000${target === undefined ? (written ?? '') : ''}`;
    if (this.seen.has(key)) return;
    this.seen.add(key);
    if (target !== undefined) this.effects.push({ effect, target });
    else if (written !== undefined) this.effects.push({ effect, written });
    else this.effects.push({ effect });
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
    return this.dir === '' ? text : posix.join(this.dir, text);
  }

  /** A file effect on `arg`; writing a sink such as `/dev/null` is none, `/dev/tcp/HOST/PORT` is egress. */
  path(effect: 'reads' | 'writes' | 'deletes', arg: Arg): void {
    if (arg.known && SINKS.has(arg.text) && effect !== 'deletes') return;
    if (arg.known && effect === 'reads' && SOURCES.has(arg.text)) return;
    // `<(…)` and `>(…)` name a pipe to commands that are read on their own.
    if (!arg.known && /^[<>]\(/.test(arg.text)) return;
    const tcp = /^\/dev\/(?:tcp|udp)\/([^/]+)/.exec(arg.text);
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
    else if (this.dir !== undefined) this.dir = posix.normalize(posix.join(this.dir, arg.text));
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
  const url = /^[a-z][a-z0-9+.-]*:\/\/(?:[^@/]*@)?(\[[^\]]+\]|[^/:?#]+)/i.exec(text);
  if (url !== null) return url[1]?.toLowerCase();
  const scp = /^(?:[^@/:\s]+@)?([A-Za-z0-9.-]+\.[A-Za-z]{2,}|localhost|\d+\.\d+\.\d+\.\d+)(?::|$)/.exec(text);
  return scp?.[1]?.toLowerCase();
};

/** A bare host name as `ping`, `nc` or `ssh` take it. */
export const hostName = (arg: Arg | undefined): string | undefined => {
  if (arg === undefined || !arg.known) return undefined;
  const at = arg.text.lastIndexOf('@');
  const host = arg.text.slice(at + 1).split(':')[0] ?? '';
  return /^[A-Za-z0-9.-]+$|^\[[0-9a-fA-F:]+\]$/.test(host) ? host.toLowerCase() : undefined;
};
