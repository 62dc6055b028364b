import type { SnapshotFrom } from 'xstate';
import type { resourceMachine } from './resource.machine';

type ResourceSnapshot = SnapshotFrom<typeof resourceMachine>;

/** The loaded data as the view's type (the host's `load` decides it); null before the first load. */
export const selectResourceData = <T = unknown>(snapshot: ResourceSnapshot) => snapshot.context.data as T | null;
export const selectResourceError = (snapshot: ResourceSnapshot) => snapshot.context.error;
export const selectResourceLoading = (snapshot: ResourceSnapshot) => snapshot.hasTag('busy');
export const selectResourceFailed = (snapshot: ResourceSnapshot) => snapshot.hasTag('error');
