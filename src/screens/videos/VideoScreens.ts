/** The two video pages share one chunk: one entry in the route table's preload map, not two. */
export { AdsVideoScreen } from './AdsVideoScreen';
export { ReelsScreen } from './ReelsScreen';
