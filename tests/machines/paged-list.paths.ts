/** Path model of pagedListMachine: a three-page log, paging within bounds, failures and retries. */
import type { SnapshotFrom } from 'xstate';
import { pagedListMachine } from '../../src/machines/paged-list/paged-list.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { logPage, networkDown } from './money-fixtures';

type PagedListSnapshot = SnapshotFrom<typeof pagedListMachine>;

function events({ context, value }: PagedListSnapshot): PhrasedEvent[] {
  const { page } = context;
  if (value === 'loading') {
    return [
      // The page number is in the phrase: each page answered is its own node, so paging is explored.
      [`the server returns page ${page} of 3`, done('fetchPage', logPage(page))],
      [`the server returns page ${page} with no rows`, done('fetchPage', { items: [], page, lastPage: page, total: 0 })],
      ['the network fails', failed('fetchPage', networkDown)],
      ['the server fails (500)', failed('fetchPage', apiError(500, 'Something Went Wrong!'))],
    ];
  }
  return [
    ['they go to the next page', { type: 'list.next' }],
    ['they go to the previous page', { type: 'list.prev' }],
    ['they jump to page 3', { type: 'list.goto', page: 3 }],
    ['they jump to page 1', { type: 'list.goto', page: 1 }],
    ['they jump to page 9, past the end', { type: 'list.goto', page: 9 }],
    ['they refresh', { type: 'list.refresh' }],
    ['they retry', { type: 'list.retry' }],
  ];
}

function describeState(snapshot: PagedListSnapshot): string {
  const { page, lastPage, items, error } = snapshot.context;
  if (snapshot.matches('loading')) return `page ${page} is loading (spinner)`;
  if (snapshot.matches('failed')) return `loading page ${page} failed, showing "${error?.message}" with a retry button`;
  if (snapshot.matches('empty')) return `page ${page} shows the empty text`;
  return `page ${page} of ${lastPage} shows ${items.length} rows`;
}

export const pagedListPaths = definePathModel({
  name: 'paged-list',
  title: 'Paginated logs (exchange log, transactions, request logs)',
  source: 'src/machines/paged-list/paged-list.machine.ts',
  machine: pagedListMachine,
  starts: [
    { name: 'a log opened at page 1', input: { page: 1 } },
    // A link to a later page (?page=2) starts there; two steps show it.
    { name: 'a log opened at page 2', input: { page: 2 }, maxSteps: 2 },
  ],
  events,
  describeState,
});
