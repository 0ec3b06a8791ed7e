/**
 * URL allowlist patterns, matched by parts rather than as text: a glob over the whole URL lets `*` cross into
 * another part (`https://*.corp.example/*` would admit `https://attacker.tld/x.corp.example/`). A pattern is
 * parsed as a URL, then compared part by part with the parsed target:
 * - the scheme exactly;
 * - the host label by label: a label `*` stands for one or more whole labels, a `*` inside a label for
 *   characters of that label only; the parser has already lowercased both and turned IDN into punycode;
 * - the port exactly, default ports normalised away (`:443` on https is no port);
 * - the path and query as a glob, where `*` is any run of characters; an encoded `/` or `\` in the target
 *   matches only when the pattern spells it, since a server may decode it into a separator.
 * A pattern `*` alone admits every URL. A pattern that does not parse, or that holds credentials, admits none.
 */

/**
 * Whether `text` matches the glob `pattern`, where `*` matches any run of characters and everything else
 * itself. Linear in practice: segments are found left to right with `indexOf`, no regex and no backtracking.
 */
export const globMatches = (pattern: string, text: string): boolean => {
  const parts = pattern.split('*');
  const first = parts[0] ?? '';
  if (parts.length === 1) return pattern === text;
  if (!text.startsWith(first)) return false;
  const last = parts[parts.length - 1] ?? '';
  let at = first.length;
  for (const part of parts.slice(1, -1)) {
    const found = text.indexOf(part, at);
    if (found < 0) return false;
    at = found + part.length;
  }
  return text.length - last.length >= at && text.endsWith(last);
};

/**
 * Whether the host labels match the pattern labels, where a label `*` spans one or more whole labels. Failed
 * (pattern label, host label) pairs are remembered, so many `*` labels cost at most labels² steps, never more.
 */
const labelsMatch = (wanted: readonly string[], host: readonly string[]): boolean => {
  const failed = new Set<number>();
  const from = (at: number, index: number): boolean => {
    if (at === wanted.length) return index === host.length;
    const key = at * (host.length + 1) + index;
    if (failed.has(key)) return false;
    const label = wanted[at] ?? '';
    let matched = false;
    if (label === '*') {
      for (let end = index + 1; end <= host.length && !matched; end += 1) matched = from(at + 1, end);
    } else {
      const one = host[index];
      matched = one !== undefined && one !== '' && globMatches(label, one) && from(at + 1, index + 1);
    }
    if (!matched) failed.add(key);
    return matched;
  };
  return from(0, 0);
};

/** Whether the hostname `host` (as the URL parser gives it) matches the pattern's hostname. */
export const hostMatches = (pattern: string, host: string): boolean =>
  pattern.includes('*') ? labelsMatch(pattern.split('.'), host.split('.')) : pattern === host;

// An encoded slash or backslash: a server may decode it into a separator after the allowlist said yes.
const ENCODED_SEPARATOR = /%2f|%5c/i;

/** The pattern as parsed parts, or undefined when it cannot be one (it then admits nothing). */
const parsePattern = (text: string): URL | undefined => {
  let pattern: URL;
  try {
    pattern = new URL(text);
  } catch {
    return undefined;
  }
  return pattern.username === '' && pattern.password === '' ? pattern : undefined;
};

/**
 * Whether `url` is admitted by the allowlist pattern `text` (see the module comment).
 *
 * @example
 * urlPatternMatches('https://*.corp.example/*', new URL('https://api.corp.example/hook')); // true
 * urlPatternMatches('https://*.corp.example/*', new URL('https://attacker.tld/x.corp.example/')); // false
 */
export const urlPatternMatches = (text: string, url: URL): boolean => {
  const trimmed = text.trim();
  if (trimmed === '*') return true;
  const pattern = parsePattern(trimmed);
  if (pattern === undefined) return false;
  if (pattern.protocol !== url.protocol || pattern.port !== url.port) return false;
  if (url.username !== '' || url.password !== '') return false;
  if (!hostMatches(pattern.hostname, url.hostname)) return false;
  const wanted = pattern.pathname + pattern.search;
  const path = url.pathname + url.search;
  if (ENCODED_SEPARATOR.test(path) && !ENCODED_SEPARATOR.test(wanted)) return false;
  return globMatches(wanted, path);
};
