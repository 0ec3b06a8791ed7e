import { describe, expect, it } from 'vitest';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { checkFdHeadroom, createFdBudget, createSemaphore } from '../../lib/process/spawnLimiter.js';

const never = new AbortController().signal;

describe('createSemaphore', () => {
  it('grants up to max slots and queues the rest in order', async () => {
    const semaphore = createSemaphore(2);
    const a = await semaphore.acquire(never);
    const b = await semaphore.acquire(never);
    const order: string[] = [];
    const c = semaphore.acquire(never).then((release) => (order.push('c'), release));
    const d = semaphore.acquire(never).then((release) => (order.push('d'), release));
    expect(semaphore.active).toBe(2);
    expect(semaphore.waiting).toBe(2);
    a?.();
    a?.(); // a second release of the same slot is ignored
    await c;
    expect(order).toEqual(['c']);
    expect(semaphore.active).toBe(2);
    b?.();
    (await d)?.();
    (await c)?.();
    expect(order).toEqual(['c', 'd']);
    expect(semaphore.active).toBe(0);
  });

  it('drops an aborted waiter from the queue without granting it', async () => {
    const semaphore = createSemaphore(1);
    const held = await semaphore.acquire(never);
    const controller = new AbortController();
    const waiting = semaphore.acquire(controller.signal);
    controller.abort();
    expect(await waiting).toBeUndefined();
    expect(semaphore.waiting).toBe(0);
    held?.();
    expect(semaphore.active).toBe(0);
    expect(await semaphore.acquire(controller.signal)).toBeUndefined();
  });
});

describe('checkFdHeadroom', () => {
  it('passes with the normal limit and refuses when the reserve cannot be met', () => {
    expect(checkFdHeadroom()).toBeUndefined();
    expect(checkFdHeadroom(Number.MAX_SAFE_INTEGER)).toContain('too few file descriptors');
  });
});

describe('createFdBudget', () => {
  const softLimit = (): number =>
    Number(
      readFileSync('/proc/self/limits', 'utf8')
        .split('\n')
        .find((line) => line.startsWith('Max open files'))
        ?.slice('Max open files'.length)
        .trim()
        .split(/\s+/)[0],
    );

  it('counts its own descriptors, measures near the limit, and refuses once the reserve would be touched', () => {
    // A reserve that leaves room for one spawn of three pipes beyond what is open now, and a little more.
    const reserve = softLimit() - readdirSync('/proc/self/fd').length - 5;
    const budget = createFdBudget(reserve);
    expect(budget.take(3)).toBeUndefined();
    // The spawn's three pipes, for real: what /proc shows when the budget measures.
    const pipes = [0, 1, 2].map(() => openSync('/dev/null', 'r'));
    try {
      expect(budget.take(3)).toContain('too few file descriptors');
    } finally {
      for (const fd of pipes) closeSync(fd);
    }
    budget.release(3);
    expect(budget.take(3)).toBeUndefined();
  });

  it('passes with the normal reserve, and measures again after an exhaustion', () => {
    const budget = createFdBudget();
    expect(budget.take(3)).toBeUndefined();
    budget.exhausted();
    expect(budget.take(3)).toBeUndefined();
    expect(createFdBudget(Number.MAX_SAFE_INTEGER).take(1)).toContain('must stay free (EMFILE)');
  });
});
