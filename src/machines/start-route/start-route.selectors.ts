import type { SnapshotFrom } from 'xstate';
import type { startRouteMachine } from './start-route.machine';

type StartRouteSnapshot = SnapshotFrom<typeof startRouteMachine>;

/** The landing waits for the entry to settle (or for the player to move first). */
export const selectWaiting = (snapshot: StartRouteSnapshot) => snapshot.matches('waiting');
/** The landing is over (it went to the link's page, opened the registration, or gave way): nothing more to tell it. */
export const selectLanded = (snapshot: StartRouteSnapshot) => snapshot.status === 'done';
/** The page the link names, until the landing goes there or gives way. */
export const selectStartPage = (snapshot: StartRouteSnapshot) => snapshot.context.page;
