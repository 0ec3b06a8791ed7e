import { describe, expect, expectTypeOf, it } from 'vitest';
import { map, of, type Observable } from 'rxjs';
import { ofEvent } from '../../lib/operators/ofEvent.js';
import type { HookInput, HookInputOf } from '../../lib/events/inputs.js';
import { beforeAgent, beforeModel, beforeTool, createTestScheduler, sessionStart } from '../helpers/marbles.js';

const values: Record<string, HookInput> = {
  t: beforeTool('write_file'),
  a: beforeAgent('hello'),
  m: beforeModel(),
  s: sessionStart('resume'),
};

describe('ofEvent', () => {
  it('lets through only the named events, in source order', () => {
    createTestScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const event$ = hot('  -t-a-m-s-t-|', values);
      const eventSubs = '  ^----------!';
      const expected = '   -t-----s-t-|';
      expectObservable(event$.pipe(ofEvent('BeforeTool', 'SessionStart'))).toBe(expected, values);
      expectSubscriptions(event$.subscriptions).toBe(eventSubs);
    });
  });

  it('emits nothing and completes when no event matches (one and many events)', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const one = cold('    -a|', values);
      const oneSubs = '     ^-!';
      const many = cold('   -a-m-a|', values);
      const manySubs = '    ^-----!';
      expectObservable(one.pipe(ofEvent('BeforeTool'))).toBe('  --|');
      expectObservable(many.pipe(ofEvent('BeforeTool'))).toBe(' ------|');
      expectSubscriptions(one.subscriptions).toBe(oneSubs);
      expectSubscriptions(many.subscriptions).toBe(manySubs);
    });
  });

  it('passes one matching event through', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const event$ = cold('--t|', values);
      const subs = '        ^--!';
      expectObservable(event$.pipe(ofEvent('BeforeTool'))).toBe('--t|', values);
      expectSubscriptions(event$.subscriptions).toBe(subs);
    });
  });

  it('mirrors an empty source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const event$ = cold<HookInput>('|');
      expectObservable(event$.pipe(ofEvent('BeforeTool'))).toBe('|');
      expectSubscriptions(event$.subscriptions).toBe('(^!)');
    });
  });

  it('mirrors a never-emitting source', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const event$ = cold<HookInput>('-');
      expectObservable(event$.pipe(ofEvent('BeforeTool'))).toBe('-');
      expectSubscriptions(event$.subscriptions).toBe('^');
    });
  });

  it('keeps filtering a never-ending source', () => {
    createTestScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const event$ = hot('-t-a-t-', values);
      expectObservable(event$.pipe(ofEvent('BeforeTool'))).toBe('-t---t-', values);
      expectSubscriptions(event$.subscriptions).toBe('^');
    });
  });

  it('forwards a source error', () => {
    createTestScheduler().run(({ cold, expectObservable, expectSubscriptions }) => {
      const event$ = cold('-t-a-#', values, new Error('host failed'));
      const subs = '       ^----!';
      expectObservable(event$.pipe(ofEvent('BeforeTool'))).toBe('-t---#', values, new Error('host failed'));
      expectSubscriptions(event$.subscriptions).toBe(subs);
    });
  });

  it('unsubscribes from the source on early unsubscribe', () => {
    createTestScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const event$ = hot('-t-a-t-t-|', values);
      const unsub = '     ----!';
      const subs = '      ^---!';
      expectObservable(event$.pipe(ofEvent('BeforeTool')), unsub).toBe('-t---', values);
      expectSubscriptions(event$.subscriptions).toBe(subs);
    });
  });

  it('errors when a downstream callback throws, and unsubscribes from the source', () => {
    createTestScheduler().run(({ hot, expectObservable, expectSubscriptions }) => {
      const event$ = hot('-a-t-t-|', values);
      const subs = '      ^--!';
      const result$ = event$.pipe(
        ofEvent('BeforeTool'),
        map((event) => {
          if (event.tool_name === 'write_file') throw new Error('callback threw');
          return event;
        }),
      );
      expectObservable(result$).toBe('---#', undefined, new Error('callback threw'));
      expectSubscriptions(event$.subscriptions).toBe(subs);
    });
  });

  it('narrows the input type to the named events', () => {
    const source$: Observable<HookInput> = of(values.a as HookInput, values.t as HookInput);
    const narrowed$ = source$.pipe(ofEvent('BeforeTool', 'AfterTool'));
    expectTypeOf(narrowed$).toEqualTypeOf<Observable<HookInputOf<'BeforeTool' | 'AfterTool'>>>();
    const names: string[] = [];
    source$.pipe(ofEvent('BeforeTool')).subscribe((event) => {
      expectTypeOf(event).toEqualTypeOf<HookInputOf<'BeforeTool'>>();
      names.push(event.tool_name);
    });
    expect(names).toEqual(['write_file']);
  });
});
