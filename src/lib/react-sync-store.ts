/**
 * React 19's own useSyncExternalStore, in place of the `use-sync-external-store/shim` package that
 * @xstate/react imports for React 17 (vite.config.ts aliases it here): the shim's
 * fallback for old Reacts is dead weight on the first download (decision 0041).
 */
export { useSyncExternalStore } from 'react';
