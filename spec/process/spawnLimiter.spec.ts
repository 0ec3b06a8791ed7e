import { describe, expect, it } from 'vitest';
import { checkFdHeadroom, createSemaphore } from '../../lib/process/spawnLimiter.js';

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
