import { describe, expect, it } from 'vitest';
import type { Observable } from 'rxjs';
import { mergeMapOrdered } from '../../lib/engine/orderedMerge.js';
import { createTestScheduler } from '../helpers/marbles.js';

describe('mergeMapOrdered', () => {
  it('runs inners concurrently but emits their values in source order', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('     -----a-(b|)    ');
      const y = cold('     -c|            ');
      const z = cold('     --d-(e|)       ');
      const source = hot(' xyz-----------|', { x, y, z });
      const xSubs = '      ^------!       ';
      const ySubs = '      -^-!           ';
      const zSubs = '      --^---!        ';
      const expected = '   -------(abcde)|';
      expectObservable(source.pipe(mergeMapOrdered((inner) => inner))).toBe(expected);
      expectSubscriptions(x.subscriptions).toBe(xSubs);
      expectSubscriptions(y.subscriptions).toBe(ySubs);
      expectSubscriptions(z.subscriptions).toBe(zSubs);
    });
  });

  it('releases each inner as soon as every earlier inner has completed', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('     --(a|)   ');
      const y = cold('     ----(b|) ');
      const source = hot(' xy-----| ', { x, y });
      const expected = '   --a--b-| ';
      expectObservable(source.pipe(mergeMapOrdered((inner) => inner))).toBe(expected);
      expectSubscriptions(x.subscriptions).toBe('^-!');
      expectSubscriptions(y.subscriptions).toBe('-^---!');
    });
  });

  it('with concurrent = 1 subscribes the inners one after another', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('     --(a|)    ');
      const y = cold('     -(b|)     ');
      const source = hot(' xy------| ', { x, y });
      const expected = '   --ab----| ';
      expectObservable(source.pipe(mergeMapOrdered((inner) => inner, 1))).toBe(expected);
      expectSubscriptions(x.subscriptions).toBe('^-!');
      expectSubscriptions(y.subscriptions).toBe('--^!');
    });
  });

  it('passes one inner through and waits for it before completing', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('     -a-b| ');
      const source = hot(' -x|   ', { x });
      const expected = '   -----(ab|)';
      expectObservable(source.pipe(mergeMapOrdered((inner) => inner))).toBe(expected);
      expectSubscriptions(x.subscriptions).toBe('-^---!');
    });
  });

  it('skips an inner that completes empty', () => {
    createTestScheduler().run(({ cold, hot, expectObservable }) => {
      const x = cold('--|');
      const y = cold('(b|)');
      expectObservable(hot('xy--|', { x, y }).pipe(mergeMapOrdered((inner) => inner))).toBe('--b-|');
    });
  });

  it('mirrors an empty source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<Observable<string>>('|');
      expectObservable(source.pipe(mergeMapOrdered((inner) => inner))).toBe('|');
      expectSubscriptions(source.subscriptions).toBe('(^!)');
    });
  });

  it('mirrors a never-emitting source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const source = cold<Observable<string>>('-');
      expectObservable(source.pipe(mergeMapOrdered((inner) => inner))).toBe('-');
      expectSubscriptions(source.subscriptions).toBe('^');
    });
  });

  it('never completes while an inner never completes, and holds later values behind it', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('     -a-- ');
      const y = cold('     (b|) ');
      const source = hot(' xy-| ', { x, y });
      expectObservable(source.pipe(mergeMapOrdered((inner) => inner))).toBe('----');
      expectSubscriptions(x.subscriptions).toBe('^');
      expectSubscriptions(y.subscriptions).toBe('-(^!)');
    });
  });

  it('forwards a source error, dropping held values and unsubscribing the inners', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('     -----(a|)');
      const y = cold('     (b|)     ');
      const source = hot(' xy-#     ', { x, y }, new Error('source failed'));
      expectObservable(source.pipe(mergeMapOrdered((inner) => inner))).toBe(
        '---#',
        undefined,
        new Error('source failed'),
      );
      expectSubscriptions(x.subscriptions).toBe('^--!');
      expectSubscriptions(y.subscriptions).toBe('-(^!)');
    });
  });

  it('forwards an inner error and unsubscribes the other inners', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('     -----(a|)');
      const y = cold('     -#       ', undefined, new Error('inner failed'));
      const source = hot(' xy----|  ', { x, y });
      expectObservable(source.pipe(mergeMapOrdered((inner) => inner))).toBe(
        '--#',
        undefined,
        new Error('inner failed'),
      );
      expectSubscriptions(x.subscriptions).toBe('^-!');
      expectSubscriptions(y.subscriptions).toBe('-^!');
    });
  });

  it('unsubscribes the source and every inner on early unsubscribe', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('     -----(a|)');
      const y = cold('     -----(b|)');
      const source = hot(' xy------|', { x, y });
      const unsub = '      ---!     ';
      expectObservable(source.pipe(mergeMapOrdered((inner) => inner)), unsub).toBe('----');
      expectSubscriptions(x.subscriptions).toBe('^--!');
      expectSubscriptions(y.subscriptions).toBe('-^-!');
      expectSubscriptions(source.subscriptions).toBe('^--!');
    });
  });

  it('errors when the project function throws, and unsubscribes the running inners', () => {
    createTestScheduler().run(({ cold, hot, expectObservable, expectSubscriptions }) => {
      const x = cold('     -----(a|)');
      const source = hot<Observable<string>>(' x-t---|  ', { x, t: x });
      let calls = 0;
      const project = (inner: Observable<string>) => {
        if (calls++ === 1) throw new Error('project threw');
        return inner;
      };
      expectObservable(source.pipe(mergeMapOrdered(project))).toBe('--#', undefined, new Error('project threw'));
      expectSubscriptions(x.subscriptions).toBe('^-!');
      expectSubscriptions(source.subscriptions).toBe('^-!');
    });
  });

  it('passes the source index to the project function', () => {
    const seen: number[] = [];
    createTestScheduler().run(({ cold, expectObservable }) => {
      const source = cold('abc|');
      const result$ = source.pipe(
        mergeMapOrdered((value, index) => {
          seen.push(index);
          return cold('-(v|)', { v: `${value}${index}` });
        }),
      );
      expectObservable(result$).toBe('-ab(c|)', { a: 'a0', b: 'b1', c: 'c2' });
    });
    expect(seen).toEqual([0, 1, 2]);
  });
});
