/**
 * Where labelled text went: an index of the labelled tool outputs of a session, asked whether a later input
 * carries a piece of one. Each source's 16-character pieces starting at every 8th character are hashed (two 32-bit
 * polynomial hashes, 30 bits of each kept); an input's every 16-character piece is hashed with a rolling hash and
 * looked up. So a copied run of at least `TAINT_MIN_LENGTH` (23) characters is always found — it contains a
 * sampled piece whatever its offset — and shorter ones may be missed. The index is derived from the retained
 * sources and rebuilt after a restore; it is never part of the state.
 */

/** Characters per hashed piece. */
const PIECE = 16;
/** Sampling stride of the sources' pieces. */
const STRIDE = 8;
/** The shortest copied run always detected: a piece plus the stride less one. */
export const TAINT_MIN_LENGTH = PIECE + STRIDE - 1;

/** Whether the index can ever find `text`: a text shorter than a piece adds no piece to it. */
export const indexable = (text: string): boolean => text.length >= PIECE;

const B1 = 0x01000193;
const B2 = 0x5bd1e995;
const pow = (base: number): number => {
  let value = 1;
  for (let i = 0; i < PIECE - 1; i++) value = Math.imul(value, base);
  return value;
};
const TOP1 = pow(B1);
const TOP2 = pow(B2);
// Map keys stay small integers (V8 hashes heap-number keys badly: 131 072 double keys took 6 µs per insert and
// 1 µs per lookup); the second hash is kept beside the first and compared, so a lookup still checks 60 bits.
const keyOf = (h1: number): number => h1 & 0x3fffffff;
const checkOf = (h2: number): number => h2 & 0x3fffffff;

/** A retained labelled text: where it came from and what it is (the flow state keeps it as a tuple). */
export interface TaintSource {
  readonly seq: number;
  readonly tool: string;
  readonly labels: readonly string[];
  /** JSON pointer of the string inside the tool's response. */
  readonly path: string;
  readonly text: string;
}

/** Sources by their pieces; `T` is whatever names a source (the flow rule indexes its `TaintSource`s themselves). */
export interface TaintIndex<T> {
  add(source: T, text: string): void;
  /** Forgets `text`'s pieces where `source` still owns them (a later source with the same piece keeps it). */
  remove(source: T, text: string): void;
  /** A source sharing a piece with `text`. */
  find(text: string): T | undefined;
}

const pieces = (text: string, visit: (key: number, check: number) => void): void => {
  for (let start = 0; start + PIECE <= text.length; start += STRIDE) {
    let h1 = 0;
    let h2 = 0;
    for (let i = start; i < start + PIECE; i++) {
      const c = text.charCodeAt(i);
      h1 = (Math.imul(h1, B1) + c) | 0;
      h2 = (Math.imul(h2, B2) + c) | 0;
    }
    visit(keyOf(h1), checkOf(h2));
  }
};

/** Filter bits per key present, at least: a sparse filter rejects most absent pieces at the first probe. */
const BITS_PER_KEY = 32;
const MIN_BITS = 1 << 15;

export const createTaintIndex = <T>(): TaintIndex<T> => {
  const owners = new Map<number, T>();
  const checks = new Map<number, number>();
  // A filter in front of the maps: a piece whose bit is clear is in no source, so `find` skips both lookups for
  // nearly every piece of an input (a map lookup per character was most of its time). Bits are set on `add` and
  // never cleared on `remove`; the filter is rebuilt from the keys present once it has grown too full or too
  // stale, so a key present always has its bit set.
  let bits = new Int32Array(MIN_BITS >>> 5);
  let mask = MIN_BITS - 1;
  let set = 0;
  const mark = (key: number): void => {
    const slot = key & mask;
    const word = slot >>> 5;
    bits[word] = (bits[word] as number) | (1 << (slot & 31));
  };
  const rebuild = (): void => {
    let size = MIN_BITS;
    while (size < checks.size * BITS_PER_KEY) size *= 2;
    bits = new Int32Array(size >>> 5);
    mask = size - 1;
    for (const key of checks.keys()) mark(key);
    set = checks.size;
  };
  return {
    add: (source, text) => {
      pieces(text, (key, check) => {
        owners.set(key, source);
        checks.set(key, check);
        mark(key);
        set++;
      });
      if (set * BITS_PER_KEY > 2 * (mask + 1)) rebuild();
    },
    remove: (source, text) => {
      pieces(text, (key) => {
        if (owners.get(key) !== source) return;
        owners.delete(key);
        checks.delete(key);
      });
    },
    find: (text) => {
      if (text.length < PIECE || owners.size === 0) return undefined;
      let h1 = 0;
      let h2 = 0;
      for (let i = 0; i < text.length; i++) {
        const c = text.charCodeAt(i);
        if (i >= PIECE) {
          const out = text.charCodeAt(i - PIECE);
          h1 = (h1 - Math.imul(out, TOP1)) | 0;
          h2 = (h2 - Math.imul(out, TOP2)) | 0;
        }
        h1 = (Math.imul(h1, B1) + c) | 0;
        h2 = (Math.imul(h2, B2) + c) | 0;
        if (i >= PIECE - 1) {
          const key = keyOf(h1);
          const slot = key & mask;
          if (((bits[slot >>> 5] as number) & (1 << (slot & 31))) !== 0 && checks.get(key) === checkOf(h2))
            return owners.get(key);
        }
      }
      return undefined;
    },
  };
};

/** Every string inside `value` with its JSON pointer below `base`, longest-first order not guaranteed. */
export const stringsOf = (value: unknown, base: string, visit: (path: string, text: string) => void): void => {
  if (typeof value === 'string') visit(base, value);
  else if (Array.isArray(value))
    value.forEach((item, index) => {
      stringsOf(item, `${base}/${String(index)}`, visit);
    });
  else if (typeof value === 'object' && value !== null)
    for (const [key, item] of Object.entries(value))
      stringsOf(item, `${base}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, visit);
};
