/** The 2D daily winners' view object (src/machines/daily-winners/daily-winners.connect.ts) over a live page. */
import { describe, expect, it } from 'vitest';
import { NO_WINNER_DATA, NO_WINNERS, WINNERS_FORBIDDEN } from '../../src/lib/two-d/messages';
import { connectDailyWinners } from '../../src/machines/daily-winners/daily-winners.connect';
import { dailyWinnersMachine } from '../../src/machines/daily-winners/daily-winners.machine';
import { driveView } from '../support/connect-driver';
import { apiError } from '../support/paths';
import { drawWithWinners, drawWithoutWinners, latestResults } from './two-d-fixtures';

const TODAY = '2026-11-20';
const start = () => driveView(dailyWinnersMachine, connectDailyWinners, { date: TODAY });

describe('connectDailyWinners: what the view shows', () => {
  it('loading today for all draws, then the latest results', async () => {
    const page = start();
    expect(page.view()).toMatchObject({ date: TODAY, session: 'all', sessions: ['all', 'morning', 'evening'], loading: true, draw: null, latest: [] });
    await page.answer('fetchWinners', latestResults);
    expect(page.view()).toMatchObject({ loading: false, draw: null, latest: latestResults.latestResults, error: null, forbidden: false, emptyText: null });
  });

  it('a draw with winners, a draw without (its own empty text), no result at all', async () => {
    const page = start();
    await page.answer('fetchWinners', latestResults);
    page.view().chooseSession('morning');
    await page.answer('fetchWinners', drawWithWinners('morning'));
    expect(page.view()).toMatchObject({ draw: drawWithWinners('morning').draw, emptyText: null });
    page.view().chooseSession('evening');
    await page.answer('fetchWinners', drawWithoutWinners('evening'));
    expect(page.view().emptyText).toBe(NO_WINNERS);
    page.view().refresh();
    await page.refuse('fetchWinners', apiError(404, 'Not found'));
    expect(page.view()).toMatchObject({ emptyText: NO_WINNER_DATA, error: null, draw: null });
  });

  it('players only (403) and a failure are told apart', async () => {
    const forbidden = start();
    await forbidden.refuse('fetchWinners', apiError(403, 'Forbidden'));
    expect(forbidden.view()).toMatchObject({ forbidden: true, error: WINNERS_FORBIDDEN });
    const failed = start();
    await failed.refuse('fetchWinners', apiError(500, 'Something Went Wrong!'));
    expect(failed.view()).toMatchObject({ forbidden: false, error: 'Something Went Wrong!', loading: false });
  });
});

describe('connectDailyWinners: intents', () => {
  it('choosing a date or a draw reads it; refresh reads again', async () => {
    const page = start();
    await page.answer('fetchWinners', latestResults);
    page.view().chooseDate('2026-11-19');
    expect(page.view()).toMatchObject({ date: '2026-11-19', loading: true });
    expect(page.calls().at(-1)).toEqual({ actor: 'fetchWinners', input: { date: '2026-11-19', session: null } });
    await page.answer('fetchWinners', latestResults);
    page.view().chooseSession('evening');
    expect(page.calls().at(-1)).toEqual({ actor: 'fetchWinners', input: { date: '2026-11-19', session: 'evening' } });
    await page.answer('fetchWinners', drawWithWinners('evening'));
    page.view().refresh();
    expect(page.view().loading).toBe(true);
    expect(page.calls()).toHaveLength(4);
  });

  it('gives the same intents for every snapshot', async () => {
    const page = start();
    const first = page.view();
    await page.answer('fetchWinners', latestResults);
    expect(page.view().refresh).toBe(first.refresh);
  });
});
