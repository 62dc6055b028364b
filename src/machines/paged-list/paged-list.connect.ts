/** A paged list's view object: the rows of the page, where it stands, and the paging intents. */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { PagedListEvent, pagedListMachine } from './paged-list.machine';
import {
  selectHasNext,
  selectHasPrev,
  selectItems,
  selectLastPage,
  selectListEmpty,
  selectListError,
  selectListFailed,
  selectListLoading,
  selectPage,
  selectReadError,
  selectTotal,
} from './paged-list.selectors';

type PagedListSnapshot = SnapshotFrom<typeof pagedListMachine>;
type Send = (event: PagedListEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  next: () => send({ type: 'list.next' }),
  prev: () => send({ type: 'list.prev' }),
  goTo: (page: number) => send({ type: 'list.goto', page }),
  retry: () => send({ type: 'list.retry' }),
  refresh: () => send({ type: 'list.refresh' }),
  setPageHidden: (hidden: boolean) => send({ type: hidden ? 'page.hidden' : 'page.visible' }),
}));

export function connectPagedList(snapshot: PagedListSnapshot, send: Send) {
  return {
    /** The rows as the host's `fetchPage` gave them (the screen knows their type). */
    items: selectItems(snapshot),
    page: selectPage(snapshot),
    lastPage: selectLastPage(snapshot),
    total: selectTotal(snapshot),
    hasPrev: selectHasPrev(snapshot),
    hasNext: selectHasNext(snapshot),
    loading: selectListLoading(snapshot),
    failed: selectListFailed(snapshot),
    empty: selectListEmpty(snapshot),
    error: selectListError(snapshot),
    readError: selectReadError(snapshot),
    ...intents(send),
  };
}

export type PagedListView = ReturnType<typeof connectPagedList>;
