import type { SnapshotFrom } from 'xstate';
import type { carouselMachine } from './carousel.machine';

type CarouselSnapshot = SnapshotFrom<typeof carouselMachine>;

export const selectIndex = (snapshot: CarouselSnapshot) => snapshot.context.index;
export const selectCount = (snapshot: CarouselSnapshot) => snapshot.context.count;
export const selectIsPlaying = (snapshot: CarouselSnapshot) => snapshot.matches('playing');
