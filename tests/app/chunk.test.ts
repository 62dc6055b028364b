import { describe, expect, it } from 'vitest';
import { lazyChunk } from '../../src/app/chunk';

describe('lazyChunk: one loader for every lazily wired chunk of machines', () => {
  it('loads on first need only, and gives every caller the same promise', async () => {
    let loads = 0;
    const load = lazyChunk(async () => ({ machines: ++loads }));
    expect(loads, 'nothing is fetched before a screen asks').toBe(0);
    const first = load();
    expect(load()).toBe(first);
    await expect(first).resolves.toEqual({ machines: 1 });
    expect(load()).toBe(first);
    expect(loads).toBe(1);
  });

  it('tries a failed download again on the next call instead of sticking', async () => {
    let attempt = 0;
    const load = lazyChunk(() => (++attempt === 1 ? Promise.reject(new Error('chunk failed')) : Promise.resolve('wired')));
    await expect(load()).rejects.toThrow('chunk failed');
    await expect(load()).resolves.toBe('wired');
    expect(load()).toBe(load());
    expect(attempt).toBe(2);
  });
});
