/** Path model of carouselMachine: moving by hand, the 5 s advance, pausing, the banner list arriving, reduced motion. */
import type { SnapshotFrom } from 'xstate';
import { carouselMachine } from '../../src/machines/carousel/carousel.machine';
import { after, definePathModel, type PhrasedEvent } from '../support/paths';

type CarouselSnapshot = SnapshotFrom<typeof carouselMachine>;

function events({ context }: CarouselSnapshot): PhrasedEvent[] {
  const arrives = context.count === 0 ? 'the banner list arrives with 3 banners' : 'the banner list changes to 3 banners';
  return [
    ['they press next', { type: 'carousel.next' }],
    ['they press previous', { type: 'carousel.prev' }],
    ['they press the third dot', { type: 'carousel.goto', index: 2 }],
    // Offered to show it is refused: there is never a sixth dot.
    ['they press a sixth dot', { type: 'carousel.goto', index: 5 }],
    [arrives, { type: 'carousel.count', count: 3 }],
    ['the banner list shrinks to 1 banner', { type: 'carousel.count', count: 1 }],
    ['the banner list comes back empty', { type: 'carousel.count', count: 0 }],
    ['they hover over the carousel', { type: 'carousel.pause' }],
    ['they move away', { type: 'carousel.resume' }],
    ['5 seconds pass', after('autoAdvance', 'carousel.playing')],
  ];
}

function describeState(snapshot: CarouselSnapshot): string {
  const { index, count } = snapshot.context;
  const showing = count ? `banner ${index + 1} of ${count} is shown` : "'No banners available' is shown";
  if (snapshot.matches('paused')) return `${showing}, paused`;
  if (snapshot.matches('still')) return `${showing}, moving only by hand (reduced motion)`;
  return `${showing}, advancing every 5 seconds`;
}

export const carouselPaths = definePathModel({
  name: 'carousel',
  title: 'Banner carousel (Home)',
  source: 'src/machines/carousel/carousel.machine.ts',
  machine: carouselMachine,
  starts: [
    { name: 'three banners', input: { count: 3, autoplay: true } },
    { name: 'banners still loading', input: { count: 0 }, maxSteps: 2 },
    { name: 'three banners with reduced motion', input: { count: 3, autoplay: false }, maxSteps: 2 },
  ],
  events,
  describeState,
});
