/** One provider's game grid's view object (src/machines/game-list/game-list.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import type { Game } from '../../src/api/types';
import { loadZawgyi } from '../../src/lib/zawgyi';
import { connectGameList } from '../../src/machines/game-list/game-list.connect';
import { GAME_PAGE_SIZE, gameListMachine } from '../../src/machines/game-list/game-list.machine';
import { driveView } from '../support/connect-driver';
import { apiError } from '../support/paths';
import { game, nextGames } from './game-fixtures';

const fullPage = nextGames([], GAME_PAGE_SIZE);
const start = () => driveView(gameListMachine, connectGameList, { typeId: 1, providerId: 3 });

describe('connectGameList: what the view shows', () => {
  // First in the file: the Zawgyi converter has not loaded yet.
  it('refilter after the Zawgyi converter arrived: a new snapshot (the view recomputes), same query, now matching', async () => {
    const burmese = { ...game(1), gameName: 'ရွှေဂိမ်း' } as Game;
    const driver = start();
    await driver.answer('fetchGames', [burmese, game(2)]);
    driver.view().search('ဂိမ္း');
    expect(driver.view().games, 'Zawgyi, before the converter').toEqual([]);
    await loadZawgyi();
    const before = driver.actor.getSnapshot();
    driver.view().refilter();
    expect(driver.actor.getSnapshot(), 'a view keyed on the snapshot must see a change').not.toBe(before);
    expect(driver.view().query).toBe('ဂိမ္း');
    expect(driver.view().games).toEqual([burmese]);
  });

  it('loading, then a full page with Load More; a short page has none', async () => {
    const driver = start();
    expect(driver.view()).toMatchObject({ loading: true, games: [], canLoadMore: false, empty: false });
    await driver.answer('fetchGames', fullPage);
    expect(driver.view()).toMatchObject({ loading: false, games: fullPage, canLoadMore: true, empty: false, failed: false });
    const short = start();
    await short.answer('fetchGames', fullPage.slice(0, 5));
    expect(short.view().canLoadMore).toBe(false);
  });

  it('a failed fetch reads as empty and failed; retry fetches again', async () => {
    const driver = start();
    await driver.refuse('fetchGames', apiError(500, 'Something Went Wrong!'));
    expect(driver.view()).toMatchObject({ empty: true, failed: true, loading: false });
    driver.view().retry();
    expect(driver.view()).toMatchObject({ loading: true, failed: false, empty: false });
    expect(driver.calls()).toHaveLength(2);
  });
});

describe('connectGameList: intents', () => {
  it('load more fetches the next page and appends it, spinning meanwhile', async () => {
    const driver = start();
    await driver.answer('fetchGames', fullPage);
    driver.view().loadMore();
    expect(driver.view()).toMatchObject({ loadingMore: true, games: fullPage });
    expect(driver.calls().at(-1)).toEqual({ actor: 'fetchGames', input: { typeId: 1, providerId: 3, page: 2 } });
    const more = nextGames(fullPage, 3);
    await driver.answer('fetchGames', more);
    expect(driver.view()).toMatchObject({ loadingMore: false, games: [...fullPage, ...more], canLoadMore: false });
  });

  it('search filters the loaded games and never fetches; none matching is empty', async () => {
    const driver = start();
    await driver.answer('fetchGames', fullPage);
    driver.view().search('dragon');
    expect(driver.view().query).toBe('dragon');
    expect(driver.view().games.map((g) => g.gameName)).toEqual(fullPage.filter((g) => g.gameName.startsWith('Dragon')).map((g) => g.gameName));
    driver.view().search('nothing like it');
    expect(driver.view()).toMatchObject({ games: [], empty: true });
    expect(driver.calls()).toHaveLength(1);
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = start();
    const before = driver.view();
    await driver.answer('fetchGames', fullPage);
    expect(driver.view().search).toBe(before.search);
    expect(driver.view().loadMore).toBe(before.loadMore);
  });
});
