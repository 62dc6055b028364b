import type { SnapshotFrom } from 'xstate';
import type { pagedListMachine } from './paged-list.machine';

type PagedListSnapshot = SnapshotFrom<typeof pagedListMachine>;

export const selectItems = (snapshot: PagedListSnapshot) => snapshot.context.items;
export const selectPage = (snapshot: PagedListSnapshot) => snapshot.context.page;
export const selectLastPage = (snapshot: PagedListSnapshot) => snapshot.context.lastPage;
export const selectTotal = (snapshot: PagedListSnapshot) => snapshot.context.total;
export const selectListError = (snapshot: PagedListSnapshot) => snapshot.context.error;
export const selectListLoading = (snapshot: PagedListSnapshot) => snapshot.hasTag('busy');
export const selectListFailed = (snapshot: PagedListSnapshot) => snapshot.hasTag('error');
export const selectListEmpty = (snapshot: PagedListSnapshot) => snapshot.matches('empty');
export const selectHasNext = (snapshot: PagedListSnapshot) => snapshot.context.page < snapshot.context.lastPage;
export const selectHasPrev = (snapshot: PagedListSnapshot) => snapshot.context.page > 1;
/** The last re-read failed: the rows shown are the previous ones. */
export const selectReadError = (snapshot: PagedListSnapshot) => snapshot.context.readError;
