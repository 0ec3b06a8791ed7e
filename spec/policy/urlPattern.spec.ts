/**
 * URL allowlist patterns match by parts: scheme, host (a `*` never leaves the host), port, then path. The
 * attacks that a whole-URL glob let through — a path, userinfo or a longer host spelling the allowed name,
 * another port, percent-encoding, case and IDN spellings — are refused; a property holds for random hosts and
 * paths: whatever a pattern admits has a host that the pattern's host part matches, label by label.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { checkHttpTarget, combineHttpPolicy } from '../../lib/policy/httpPolicy.js';
import { hostMatches, urlPatternMatches } from '../../lib/policy/urlPattern.js';

const admits = (pattern: string, url: string): boolean => urlPatternMatches(pattern, new URL(url));

describe('urlPatternMatches', () => {
  it('refuses the spellings that a whole-URL glob let through', () => {
    const pattern = 'https://*.corp.example/*';
    for (const attack of [
      'https://attacker.tld/x.corp.example/',
      'https://attacker.tld/.corp.example/x',
      'https://corp.example@attacker.tld/',
      'https://a.corp.example@attacker.tld/x',
      'https://corp.example.attacker.tld/',
      'https://x.corp.example.attacker.tld/',
      'https://attacker.tld?.corp.example/',
      'https://attacker.tld#.corp.example/',
      'https://evilcorp.example/',
      'https://corp.example/',
      'http://api.corp.example/',
      'https://api.corp.example:8443/',
      'https://api.corp.example:80/',
    ]) {
      expect([attack, admits(pattern, attack)]).toEqual([attack, false]);
    }
  });

  it('admits subdomains at any depth, default ports, any case, IDN in either spelling', () => {
    const pattern = 'https://*.corp.example/*';
    for (const url of [
      'https://api.corp.example/',
      'https://a.b.c.corp.example/hooks/pre?x=1',
      'https://API.Corp.EXAMPLE/x',
      'https://api.corp.example:443/x',
      'https://api%2Ecorp.example/x',
    ]) {
      expect([url, admits(pattern, url)]).toEqual([url, true]);
    }
    expect(admits('https://*.bücher.example/*', 'https://shop.xn--bcher-kva.example/a')).toBe(true);
    expect(admits('https://*.xn--bcher-kva.example/*', 'https://SHOP.BÜCHER.example/a')).toBe(true);
    // A look-alike (Cyrillic "а") is another host.
    expect(admits('https://*.corp.example/*', 'https://api.corp.exаmple/')).toBe(false);
  });

  it('compares ports exactly once default ports are normalised', () => {
    expect(admits('https://h.example:8443/*', 'https://h.example:8443/x')).toBe(true);
    expect(admits('https://h.example:8443/*', 'https://h.example/x')).toBe(false);
    expect(admits('https://h.example:443/*', 'https://h.example/x')).toBe(true);
    expect(admits('http://127.0.0.1:9000/*', 'http://127.0.0.1:9001/x')).toBe(false);
  });

  it('globs the path, and refuses an encoded separator the pattern does not spell', () => {
    expect(admits('https://h.example/hooks/*', 'https://h.example/hooks/a/b?c=d')).toBe(true);
    expect(admits('https://h.example/hooks/*', 'https://h.example/admin')).toBe(false);
    // Dot segments, plain or encoded, are resolved by the parser before matching.
    expect(admits('https://h.example/hooks/*', 'https://h.example/hooks/../admin')).toBe(false);
    expect(admits('https://h.example/hooks/*', 'https://h.example/hooks/%2e%2e/admin')).toBe(false);
    expect(admits('https://h.example/hooks/*', 'https://h.example/hooks/..%2Fadmin')).toBe(false);
    expect(admits('https://h.example/hooks/*', 'https://h.example/hooks/..%5cadmin')).toBe(false);
    expect(admits('https://h.example/a%2Fb', 'https://h.example/a%2Fb')).toBe(true);
    // No path in the pattern: the root only, as `https://h.example/` reads.
    expect(admits('https://h.example', 'https://h.example/')).toBe(true);
    expect(admits('https://h.example', 'https://h.example/x')).toBe(false);
  });

  it('keeps `*` inside a label within that label; `*` alone admits everything; a bad pattern nothing', () => {
    expect(admits('https://api-*.corp.example/*', 'https://api-eu.corp.example/x')).toBe(true);
    expect(admits('https://api-*.corp.example/*', 'https://api-eu.evil.corp.example/x')).toBe(false);
    expect(admits('https://*/*', 'https://anything.example/x')).toBe(true);
    expect(admits('*', 'http://127.0.0.1:1/x')).toBe(true);
    expect(admits('https://*:*/*', 'https://a.example/')).toBe(false);
    expect(admits('not a url', 'https://a.example/')).toBe(false);
    expect(admits('https://user:pw@a.example/*', 'https://a.example/')).toBe(false);
  });

  it('answers patterns of many `*` labels (remembered failures: no exponential search)', () => {
    const host = `${Array.from({ length: 120 }, () => 'a').join('.')}.example`;
    const pattern = `${Array.from({ length: 40 }, () => '*').join('.')}.nomatch`;
    expect(hostMatches(pattern, host)).toBe(false);
    expect(hostMatches(`${Array.from({ length: 40 }, () => '*').join('.')}.example`, host)).toBe(true);
  });

  it('is what checkHttpTarget applies', () => {
    const policy = combineHttpPolicy({ allowedUrls: ['https://*.corp.example/*'] }, undefined);
    expect(checkHttpTarget('https://api.corp.example/hook', true, policy).refused).toBeUndefined();
    expect(checkHttpTarget('https://attacker.tld/x.corp.example/', true, policy).refused).toBe(
      '"https://attacker.tld/x.corp.example/" is not in the allowed HTTP hook URLs ("https://*.corp.example/*")',
    );
  });
});

// Hosts and paths built from pieces that confuse a text glob: dots, slashes, `@`, `:`, `?`, `#`, `%`.
const label = fc.stringMatching(/^[a-z0-9](?:[a-z0-9-]{0,6}[a-z0-9])?$/);
const hostname = fc.array(label, { minLength: 1, maxLength: 5 }).map((labels) => labels.join('.'));
const tricky = fc.array(fc.constantFrom('a', '.', '/', '@', ':', '?', '#', '%2f', '%40', 'corp', 'example', '*', 'x'), {
  maxLength: 12,
});

/** The reference reading of a host pattern: labels, `*` as one or more labels, `*` in a label within it. */
const referenceHost = (pattern: string, host: string): boolean => {
  const wanted = pattern.split('.');
  const labels = host.split('.');
  const matches = (at: number, from: number): boolean => {
    if (at === wanted.length) return from === labels.length;
    const one = wanted[at] ?? '';
    if (one === '*') {
      for (let end = from + 1; end <= labels.length; end += 1) if (matches(at + 1, end)) return true;
      return false;
    }
    const regex = new RegExp(
      `^${one
        .split('*')
        .map((part) => part.replace(/[.+?^${}()|[\]\\-]/g, '\\$&'))
        .join('[^.]*')}$`,
    );
    return from < labels.length && regex.test(labels[from] ?? '') && matches(at + 1, from + 1);
  };
  return matches(0, 0);
};

describe('urlPatternMatches, properties', () => {
  it('admits only URLs whose host matches the pattern host, label by label', () => {
    const hostPattern = fc
      .tuple(fc.array(fc.oneof(label, fc.constant('*')), { minLength: 1, maxLength: 4 }))
      .map(([labels]) => labels.join('.'));
    fc.assert(
      fc.property(hostPattern, hostname, tricky, tricky, (pattern, host, before, after) => {
        const text = `https://${before.join('')}${host}${after.join('')}`;
        let url: URL;
        try {
          url = new URL(text);
        } catch {
          return;
        }
        if (urlPatternMatches(`https://${pattern}/*`, url)) {
          expect(referenceHost(pattern, url.hostname)).toBe(true);
          expect(url.protocol).toBe('https:');
          expect(url.port).toBe('');
          expect(url.username).toBe('');
        }
      }),
      { numRuns: 2000 },
    );
  });

  it('a URL built from the allowed domain anywhere but its host is refused', () => {
    fc.assert(
      fc.property(hostname, tricky, tricky, (host, before, after) => {
        const text = `https://${host}${['/', '@', '?', '#'][host.length % 4] ?? '/'}${before.join('')}x.corp.example${after.join('')}`;
        let url: URL;
        try {
          url = new URL(text);
        } catch {
          return;
        }
        const admitted = urlPatternMatches('https://*.corp.example/*', url);
        expect(admitted).toBe(url.hostname.endsWith('.corp.example') && url.username === '' && url.port === '');
      }),
      { numRuns: 2000 },
    );
  });

  it('admits every URL whose host and path fit the pattern', () => {
    fc.assert(
      fc.property(hostname, fc.array(label, { maxLength: 4 }), (host, segments) => {
        const url = new URL(`https://${host}.corp.example/hooks/${segments.join('/')}`);
        expect(urlPatternMatches('https://*.corp.example/hooks/*', url)).toBe(true);
      }),
    );
  });
});
