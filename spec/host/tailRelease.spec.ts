import { describe, expect, it } from 'vitest';
import { TailRelease, type StreamText } from '../../lib/host/tailRelease.js';

type Chunk = { kind: 'text'; text: string } | { kind: 'frame'; name: string };
const TEXT: StreamText<Chunk> = {
  textOf: (chunk) => (chunk.kind === 'text' ? chunk.text : undefined),
  withText: (_template, text) => ({ kind: 'text', text }),
};
const t = (text: string): Chunk => ({ kind: 'text', text });
const f = (name: string): Chunk => ({ kind: 'frame', name });
const show = (chunks: Chunk[]) => chunks.map((c) => (c.kind === 'text' ? c.text : `<${c.name}>`)).join('|');

const setup = (window: number) => {
  const out: Chunk[] = [];
  return { out, release: new TailRelease(TEXT, window, (chunk) => out.push(chunk)) };
};

describe('TailRelease', () => {
  it('releases judged text minus the tail window, then the rest at the end', () => {
    const { out, release } = setup(4);
    release.add(t('hello '));
    release.judge(release.receivedText);
    expect(show(out)).toBe('he');
    release.add(t('world'));
    release.judge(release.receivedText);
    expect(show(out)).toBe('he|llo w');
    expect(release.finish('hello world')).toBe(true);
    expect(show(out)).toBe('he|llo w|orld');
  });

  it('a secret split across two chunks is held in the window until a judgement redacts it', () => {
    const { out, release } = setup(8);
    const redact = (text: string) => text.replaceAll(/AKIA[0-9A-Z]{16}/g, '[redacted]');
    for (const piece of ['key is AKIAABCD', 'EFGHIJKLMNOP, done.']) {
      release.add(t(piece));
      release.judge(redact(release.receivedText));
    }
    release.finish(redact(release.receivedText));
    expect(out.map((c) => (c.kind === 'text' ? c.text : '')).join('')).toBe('key is [redacted], done.');
    expect(show(out)).not.toContain('AKIA');
  });

  it('keeps chunks without text in their place: framing first, the rest after the text before it', () => {
    const { out, release } = setup(0);
    release.add(f('start'));
    release.add(t('ab'));
    release.add(f('mid'));
    release.add(t('cd'));
    release.add(f('end'));
    expect(show(out)).toBe('<start>');
    release.judge('abc');
    expect(show(out)).toBe('<start>|ab|<mid>|c');
    release.finish('abcd');
    expect(show(out)).toBe('<start>|ab|<mid>|c|d|<end>');
  });

  it('never takes released text back: a contradicting judgement freezes the release', () => {
    const { out, release } = setup(0);
    release.add(t('abc'));
    release.judge('abc');
    expect(release.judge('xbc')).toBe(false);
    expect(release.frozen).toBe(true);
    release.add(t('d'));
    expect(release.finish('abcd')).toBe(false);
    expect(show(out)).toBe('abc');
  });

  it('a judgement shorter than what went out (a redaction in the tail) is no contradiction', () => {
    const { out, release } = setup(2);
    release.add(t('abcdef'));
    release.judge('abcdef');
    expect(release.judge('abcd[x]')).toBe(true);
    expect(show(out)).toBe('abcd|[');
  });
});
