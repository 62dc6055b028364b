/** The broadcast list's view object: the page's rows, where it stands, and the paging intents. */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import type { BroadcastListEvent, broadcastListMachine } from './broadcast-list.machine';
import {
  selectFirstLoad,
  selectListHasNext,
  selectListHasPrev,
  selectListIsEmpty,
  selectListLastPage,
  selectListPage,
  selectListTotal,
  selectLoadError,
  selectRereadError,
  selectRows,
  selectSendingShown,
  selectTurning,
} from './broadcast-list.selectors';

type BroadcastListSnapshot = SnapshotFrom<typeof broadcastListMachine>;
type Send = (event: BroadcastListEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  next: () => send({ type: 'list.next' }),
  prev: () => send({ type: 'list.prev' }),
  retry: () => send({ type: 'list.retry' }),
  refresh: () => send({ type: 'list.refresh' }),
  setPageHidden: (hidden: boolean) => send({ type: hidden ? 'page.hidden' : 'page.visible' }),
}));

export function connectBroadcastList(snapshot: BroadcastListSnapshot, send: Send) {
  return {
    rows: selectRows(snapshot),
    page: selectListPage(snapshot),
    lastPage: selectListLastPage(snapshot),
    total: selectListTotal(snapshot),
    firstLoad: selectFirstLoad(snapshot),
    turning: selectTurning(snapshot),
    hasNext: selectListHasNext(snapshot),
    hasPrev: selectListHasPrev(snapshot),
    empty: selectListIsEmpty(snapshot),
    error: selectLoadError(snapshot),
    readError: selectRereadError(snapshot),
    live: selectSendingShown(snapshot),
    ...intents(send),
  };
}

export type BroadcastListView = ReturnType<typeof connectBroadcastList>;
