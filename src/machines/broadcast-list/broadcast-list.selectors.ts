import type { SnapshotFrom } from 'xstate';
import { isSending, type broadcastListMachine } from './broadcast-list.machine';

type BroadcastListSnapshot = SnapshotFrom<typeof broadcastListMachine>;

export const selectRows = (s: BroadcastListSnapshot) => s.context.items;
export const selectListPage = (s: BroadcastListSnapshot) => s.context.page;
export const selectListLastPage = (s: BroadcastListSnapshot) => s.context.lastPage;
export const selectListTotal = (s: BroadcastListSnapshot) => s.context.total;
/** A page is loading with nothing of it on screen yet (a re-read keeps its rows). */
export const selectFirstLoad = (s: BroadcastListSnapshot) => s.matches('loading');
export const selectTurning = (s: BroadcastListSnapshot) => s.matches('loading') || s.matches('rereading');
export const selectListHasNext = (s: BroadcastListSnapshot) => s.matches('ready') && s.context.page < s.context.lastPage;
export const selectListHasPrev = (s: BroadcastListSnapshot) => (s.matches('ready') || s.matches('empty')) && s.context.page > 1;
export const selectListIsEmpty = (s: BroadcastListSnapshot) => s.matches('empty');
export const selectLoadError = (s: BroadcastListSnapshot) => (s.matches('failed') ? s.context.error : null);
export const selectRereadError = (s: BroadcastListSnapshot) => s.context.readError;
/** Some broadcast on the page is still being handed to Telegram (its counts are read live). */
export const selectSendingShown = (s: BroadcastListSnapshot) => s.context.items.some(isSending);
