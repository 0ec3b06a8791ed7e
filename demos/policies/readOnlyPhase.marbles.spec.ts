/** Policy 4 (read-only phase) in virtual time: the phase in force when each request arrives decides its tools. */
import { map, tap } from 'rxjs';
import { describe, it } from 'vitest';
import { beforeToolSelection, decideWith, entry } from '../../lib/testing/index.js';
import { readOnlyPhaseHook } from './readOnlyPhase.js';
import { testScheduler } from './testSupport.js';

describe('read-only phase (marbles)', () => {
  it('follows the phase as it switches on and off between requests', () => {
    const scheduler = testScheduler();
    scheduler.run(({ hot, expectObservable }) => {
      let readOnly = false;
      const phase = hot('  --y----n-', { y: true, n: false }).pipe(tap((on) => (readOnly = on)));
      phase.subscribe();
      const requests = hot('-r--r--r-r', { r: beforeToolSelection({ model: 'm' }) });
      const hook = entry(
        'BeforeToolSelection',
        readOnlyPhaseHook({ isReadOnly: () => readOnly, tools: ['read_file', 'glob'] }),
      );
      const tools = requests.pipe(
        decideWith([hook], { scheduler }),
        map((r) => r.toolConfig?.allowedFunctionNames ?? 'all'),
      );
      // The phase switches off at frame 7, in the same frame as a request: the earlier-scheduled phase wins.
      expectObservable(tools).toBe('-a--b--c-d', { a: 'all', b: ['glob', 'read_file'], c: 'all', d: 'all' });
    });
  });
});
