/** The Home banner carousel's view object (src/machines/carousel/carousel.connect.ts) over a live carousel. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { connectCarousel } from '../../src/machines/carousel/carousel.connect';
import { carouselMachine } from '../../src/machines/carousel/carousel.machine';
import { driveView } from '../support/connect-driver';

const start = (autoplay = true) => driveView(carouselMachine, connectCarousel, { count: 3, autoplay });

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('connectCarousel', () => {
  it('shows the first of the banners, playing; it advances by itself', async () => {
    const carousel = start();
    expect(carousel.view()).toMatchObject({ index: 0, count: 3, playing: true });
    await vi.advanceTimersByTimeAsync(5000);
    expect(carousel.view().index).toBe(1);
  });

  it('reduced motion: still, and it never advances by itself', async () => {
    const carousel = start(false);
    expect(carousel.view().playing).toBe(false);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(carousel.view().index).toBe(0);
  });

  it('next and prev wrap both ways; a dot goes to its banner', () => {
    const carousel = start();
    carousel.view().prev();
    expect(carousel.view().index).toBe(2);
    carousel.view().next();
    expect(carousel.view().index).toBe(0);
    carousel.view().goTo(2);
    expect(carousel.view().index).toBe(2);
  });

  it('pause (hover, focus) and a hidden page stop it; resume and a shown page restart it', async () => {
    const carousel = start();
    carousel.view().pause();
    expect(carousel.view().playing).toBe(false);
    await vi.advanceTimersByTimeAsync(10_000);
    expect(carousel.view().index).toBe(0);
    carousel.view().resume();
    expect(carousel.view().playing).toBe(true);
    carousel.view().setPageHidden(true);
    expect(carousel.view().playing).toBe(false);
    carousel.view().setPageHidden(false);
    expect(carousel.view().playing).toBe(true);
    await vi.advanceTimersByTimeAsync(5000);
    expect(carousel.view().index).toBe(1);
  });

  it('gives the same intents for every snapshot (the visibility listener stays put)', () => {
    const carousel = start();
    const first = carousel.view();
    carousel.view().next();
    expect(carousel.view().setPageHidden).toBe(first.setPageHidden);
  });
});
