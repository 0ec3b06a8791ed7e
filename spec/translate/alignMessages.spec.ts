import { describe, expect, it } from 'vitest';
import type { HookMessage } from '../../lib/events/inputs.js';
import { alignMessages } from '../../lib/translate/alignMessages.js';

const original: HookMessage[] = [
  { role: 'system', content: 'rules', ref: 'system' },
  { role: 'user', content: 'a', ref: 'm/0' },
  { role: 'model', content: '', ref: 'm/1' },
  { role: 'user', content: '', ref: 'm/2' },
  { role: 'model', content: 'b', ref: 'm/3' },
];
const plain = (messages: HookMessage[]) => messages.map(({ role, content }) => ({ role, content }));
/** Original message `i`. */
const at = (i: number): HookMessage => original[i] ?? { role: 'user', content: 'missing' };

describe('alignMessages', () => {
  it('matches by ref whatever the order', () => {
    const edited = [at(4), at(0), { ...at(2), content: 'x' }];
    expect(alignMessages(original, edited)).toStrictEqual([4, 0, 2]);
  });

  it('treats a second message with the same ref, and an unknown ref, as new', () => {
    const edited = [at(1), { ...at(1), content: 'copy' }, { role: 'user' as const, content: 'z', ref: 'other' }];
    expect(alignMessages(original, edited)).toStrictEqual([1, undefined, undefined]);
  });

  it('pairs rebuilt messages without refs positionally when the shape is unchanged', () => {
    const edited = plain(original).map((m, i) => (i === 2 ? { ...m, content: 'now has text' } : m));
    expect(alignMessages(original, edited)).toStrictEqual([0, 1, 2, 3, 4]);
  });

  it('pairs rebuilt messages by identical role and content when the shape changed', () => {
    const edited = plain(original).filter((_, i) => i !== 1);
    expect(alignMessages(original, edited)).toStrictEqual([0, 2, 3, 4]);
  });

  it('treats messages without a ref as new as soon as any message keeps one', () => {
    const edited = [
      at(0),
      { role: 'user' as const, content: 'a' },
      at(2),
      { role: 'user' as const, content: '' },
      at(4),
    ];
    expect(alignMessages(original, edited)).toStrictEqual([0, undefined, 2, undefined, 4]);
  });

  it('leaves inserted messages unmatched', () => {
    const edited = [at(0), { role: 'user' as const, content: 'new' }, ...original.slice(1)];
    expect(alignMessages(original, edited)).toStrictEqual([0, undefined, 1, 2, 3, 4]);
  });

  it('handles empty lists', () => {
    expect(alignMessages([], [{ role: 'user', content: 'x' }])).toStrictEqual([undefined]);
    expect(alignMessages(original, [])).toStrictEqual([]);
  });
});
