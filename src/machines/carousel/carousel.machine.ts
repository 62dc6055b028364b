/**
 * The Home banner carousel: previous/next wrap both ways, a dot per banner, and an automatic
 * advance every `autoAdvance` (5 s) while playing with more than one banner. Hover, focus and a
 * hidden page pause it; with reduced motion (`autoplay: false`) it never advances by itself.
 * Host provides nothing; it sends `carousel.count` when the banner list arrives.
 * Any move restarts the timer, so a banner the player chose gets its full 5 seconds.
 */
import { assign, setup } from 'xstate';

export interface CarouselInput {
  count: number;
  /** False under prefers-reduced-motion. */
  autoplay?: boolean;
}

export interface CarouselContext {
  index: number;
  count: number;
  autoplay: boolean;
}

export type CarouselEvent =
  | { type: 'carousel.next' }
  | { type: 'carousel.prev' }
  | { type: 'carousel.goto'; index: number }
  | { type: 'carousel.count'; count: number }
  | { type: 'carousel.pause' }
  | { type: 'carousel.resume' };

const wholeCount = (count: number) => (Number.isSafeInteger(count) && count > 0 ? count : 0);
/** `index` moved by `by`, wrapping within [0, count). */
const wrap = (index: number, by: number, count: number) => (((index + by) % count) + count) % count;

/** The same moves in every state; `playing` repeats them with a restart of its timer. */
const moves = {
  'carousel.next': { guard: 'hasSeveral', actions: { type: 'moveBy', params: { by: 1 } } },
  'carousel.prev': { guard: 'hasSeveral', actions: { type: 'moveBy', params: { by: -1 } } },
  'carousel.goto': {
    guard: { type: 'isBanner', params: ({ event }: { event: { index: number } }) => ({ index: event.index }) },
    actions: { type: 'moveTo', params: ({ event }: { event: { index: number } }) => ({ index: event.index }) },
  },
  'carousel.count': { actions: { type: 'recount', params: ({ event }: { event: { count: number } }) => ({ count: event.count }) } },
} as const;

const restarting = {
  'carousel.next': { ...moves['carousel.next'], target: 'playing', reenter: true },
  'carousel.prev': { ...moves['carousel.prev'], target: 'playing', reenter: true },
  'carousel.goto': { ...moves['carousel.goto'], target: 'playing', reenter: true },
  'carousel.count': { ...moves['carousel.count'], target: 'playing', reenter: true },
} as const;

export const carouselMachine = setup({
  types: {
    input: {} as CarouselInput,
    context: {} as CarouselContext,
    events: {} as CarouselEvent,
  },
  actions: {
    moveBy: assign(({ context }, params: { by: number }) => ({ index: wrap(context.index, params.by, context.count) })),
    moveTo: assign((_, params: { index: number }) => ({ index: params.index })),
    // Fewer banners than before: stay on the last one rather than point past the end.
    recount: assign(({ context }, params: { count: number }) => {
      const count = wholeCount(params.count);
      return { count, index: Math.min(context.index, Math.max(count - 1, 0)) };
    }),
  },
  guards: {
    autoplays: ({ context }) => context.autoplay,
    hasSeveral: ({ context }) => context.count > 1,
    isBanner: ({ context }, params: { index: number }) => Number.isInteger(params.index) && params.index >= 0 && params.index < context.count,
  },
  delays: {
    autoAdvance: 5000,
  },
}).createMachine({
  id: 'carousel',
  context: ({ input }) => ({ index: 0, count: wholeCount(input.count), autoplay: input.autoplay ?? true }),
  initial: 'boot',
  on: moves,
  states: {
    boot: {
      always: [{ guard: 'autoplays', target: 'playing' }, { target: 'still' }],
    },
    playing: {
      after: {
        autoAdvance: { guard: 'hasSeveral', target: 'playing', reenter: true, actions: { type: 'moveBy', params: { by: 1 } } },
      },
      on: { ...restarting, 'carousel.pause': { target: 'paused' } },
    },
    paused: {
      on: { 'carousel.resume': { target: 'playing' } },
    },
    /** Reduced motion: only the player moves it. */
    still: {},
  },
});
