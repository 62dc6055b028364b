import { lazyPart } from '../chunk';

/** The side menu is a chunk of its own, off the first download: asked for as a pointer or focus reaches its button. */
const drawer = lazyPart(() => import('./Drawer'));
/** Props for the menu button: a pointer or focus reaching it asks for the chunk. */
export const reachDrawer = drawer.reach;
export const LazyDrawer = drawer.component((m) => m.Drawer);
