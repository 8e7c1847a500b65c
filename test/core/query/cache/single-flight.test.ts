import { describe, expect, it } from 'vitest';
import { SingleFlight } from '../../../../src/core/query/cache/single-flight';

describe('SingleFlight', () => {
  it('runs concurrent callers of one key once and tells the joiners', async () => {
    const flights = new SingleFlight<number>();
    let runs = 0;
    let release!: (n: number) => void;
    const work = () => {
      runs++;
      return new Promise<number>((resolve) => (release = resolve));
    };
    const all = Promise.all([flights.run('k', work), flights.run('k', work), flights.run('other', async () => 7)]);
    expect(flights.size).toBe(2);
    release(42);
    const [a, b, c] = await all;
    expect(runs).toBe(1);
    expect([a, b, c]).toEqual([
      { value: 42, shared: false },
      { value: 42, shared: true },
      { value: 7, shared: false },
    ]);
    expect(flights.size).toBe(0);
  });

  it('does not remember a failure: the next caller runs again', async () => {
    const flights = new SingleFlight<number>();
    await expect(flights.run('k', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await flights.run('k', async () => 1)).toEqual({ value: 1, shared: false });
  });

  it('hands the shared work to keepAlive, never rejecting it', async () => {
    const flights = new SingleFlight<number>();
    const kept: Promise<unknown>[] = [];
    await expect(flights.run('k', async () => Promise.reject(new Error('x')), (p) => kept.push(p))).rejects.toThrow('x');
    expect(kept).toHaveLength(1);
    await expect(kept[0]).resolves.toBeUndefined();
  });
});
