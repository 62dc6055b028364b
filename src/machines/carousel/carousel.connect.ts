/**
 * The Home banner carousel's view object (zag's `connect`): the banner shown, how many there are,
 * whether it advances by itself, and the intents of its arrows, dots, hover, focus and the page's
 * visibility. Pure: no React, no words.
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { CarouselEvent, carouselMachine } from './carousel.machine';
import { selectCount, selectIndex, selectIsPlaying } from './carousel.selectors';

export interface CarouselIntents {
  next: () => void;
  prev: () => void;
  goTo: (index: number) => void;
  /** Hover or focus: it stops advancing until resumed. */
  pause: () => void;
  resume: () => void;
  /** The page was hidden (it pauses) or shown again (it resumes). */
  setPageHidden: (hidden: boolean) => void;
}

export interface CarouselView extends CarouselIntents {
  index: number;
  count: number;
  /** Not paused and not under reduced motion: it advances every 5 s when there are several banners. */
  playing: boolean;
}

type CarouselSend = (event: CarouselEvent) => void;

const intentsOf = intentsPerActor(
  (send: CarouselSend): CarouselIntents => ({
    next: () => send({ type: 'carousel.next' }),
    prev: () => send({ type: 'carousel.prev' }),
    goTo: (index) => send({ type: 'carousel.goto', index }),
    pause: () => send({ type: 'carousel.pause' }),
    resume: () => send({ type: 'carousel.resume' }),
    setPageHidden: (hidden) => send({ type: hidden ? 'carousel.pause' : 'carousel.resume' }),
  }),
);

export function connectCarousel(snapshot: SnapshotFrom<typeof carouselMachine>, send: CarouselSend): CarouselView {
  return {
    index: selectIndex(snapshot),
    count: selectCount(snapshot),
    playing: selectIsPlaying(snapshot),
    ...intentsOf(send),
  };
}
