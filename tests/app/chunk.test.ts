import { createElement, Suspense } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { lazyChunk, lazyPart } from '../../src/app/chunk';

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

describe('lazyPart: a view in a chunk of its own, asked for when a pointer or focus reaches its button', () => {
  it('asks once whatever reaches it, and a failed ask is made again on the next reach', async () => {
    let loads = 0;
    let fail = true;
    const part = lazyPart(async () => {
      loads++;
      if (fail) throw new Error('offline');
      return { View: () => null };
    });
    expect(loads, 'nothing is fetched before a reach').toBe(0);
    part.reach.onPointerEnter();
    await Promise.resolve();
    expect(loads).toBe(1);
    // The failure is swallowed (a prefetch never throws into an event handler) and not kept.
    await new Promise((resolve) => setTimeout(resolve, 0));
    fail = false;
    part.reach.onFocus();
    part.reach.onPointerDown();
    part.reach.onPointerEnter();
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(loads).toBe(2);
    // Every handler is the same function: React gets stable props.
    expect(part.reach.onFocus).toBe(part.reach.onPointerDown);
  });

  it('its components render from that same download', async () => {
    let loads = 0;
    const part = lazyPart(async () => {
      loads++;
      return { A: () => createElement('b', null, 'a'), B: () => createElement('i', null, 'b') };
    });
    const A = part.component((m) => m.A);
    const B = part.component((m) => m.B);
    // Rendered as the server renders a page: waits for every lazy view, then gives the markup.
    const { prelude } = await prerenderToNodeStream(createElement(Suspense, null, createElement(A), createElement(B)));
    let html = '';
    for await (const chunk of prelude) html += String(chunk);
    expect(html).toContain('<b>a</b><i>b</i>');
    expect(loads).toBe(1);
  });
});
