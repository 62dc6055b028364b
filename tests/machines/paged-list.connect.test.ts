/** A paged list's view object (src/machines/paged-list/paged-list.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectPagedList } from '../../src/machines/paged-list/paged-list.connect';
import { pagedListMachine } from '../../src/machines/paged-list/paged-list.machine';
import { driveView } from '../support/connect-driver';
import { logPage, networkDown } from './money-fixtures';
import { pagedListPaths, sendingPage } from './paged-list.paths';

async function onPage(page: number) {
  const driver = driveView(pagedListMachine, connectPagedList, { page });
  await driver.answer('fetchPage', logPage(page));
  return driver;
}

describe('connectPagedList: what the view shows', () => {
  it('page 1 of 3: its rows, Next but no Previous', async () => {
    const driver = driveView(pagedListMachine, connectPagedList);
    expect(driver.view()).toMatchObject({ loading: true, items: [], page: 1 });
    await driver.answer('fetchPage', logPage(1));
    expect(driver.view()).toMatchObject({ loading: false, items: logPage(1).items, page: 1, lastPage: 3, total: 6, hasPrev: false, hasNext: true, empty: false });
  });

  it('an empty page and a failure', async () => {
    const empty = driveView(pagedListMachine, connectPagedList);
    await empty.answer('fetchPage', { items: [], page: 1, lastPage: 1, total: 0 });
    expect(empty.view()).toMatchObject({ empty: true, hasNext: false, hasPrev: false });
    const failed = driveView(pagedListMachine, connectPagedList);
    await failed.refuse('fetchPage', networkDown);
    expect(failed.view()).toMatchObject({ failed: true, loading: false, error: networkDown });
    failed.view().retry();
    expect(failed.view()).toMatchObject({ failed: false, loading: true });
  });
});

describe('connectPagedList: intents', () => {
  it('next and previous turn one page (rows stay while the next loads); goTo jumps', async () => {
    const driver = await onPage(2);
    driver.view().next();
    expect(driver.view()).toMatchObject({ page: 3, loading: true, items: logPage(2).items });
    await driver.answer('fetchPage', logPage(3));
    expect(driver.view()).toMatchObject({ page: 3, hasNext: false });
    driver.view().next();
    expect(driver.view().loading, 'no page after the last').toBe(false);
    driver.view().prev();
    expect(driver.calls().at(-1)).toEqual({ actor: 'fetchPage', input: { page: 2 } });
    await driver.answer('fetchPage', logPage(2));
    driver.view().goTo(1);
    expect(driver.calls().at(-1)).toEqual({ actor: 'fetchPage', input: { page: 1 } });
  });

  it('refresh loads the same page again', async () => {
    const driver = await onPage(2);
    driver.view().refresh();
    expect(driver.view()).toMatchObject({ loading: true, page: 2 });
    expect(driver.calls()).toHaveLength(2);
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = driveView(pagedListMachine, connectPagedList);
    const before = driver.view();
    await driver.answer('fetchPage', logPage(1));
    expect(driver.view().next).toBe(before.next);
    expect(driver.view().goTo).toBe(before.goTo);
  });
});

describe('connectPagedList: a list read live (the console broadcasts)', () => {
  it('shown again after hiding, a page with a broadcast still sending is read at once; a failed re-read keeps the rows and says so', async () => {
    const driver = driveView(pagedListPaths.machine, connectPagedList);
    await driver.answer('fetchPage', sendingPage(1));
    driver.view().setPageHidden(true);
    expect(driver.calls()).toHaveLength(1);
    driver.view().setPageHidden(false);
    expect(driver.calls(), 'read again at once').toHaveLength(2);
    expect(driver.view(), 'rows stay, no spinner').toMatchObject({ loading: false, items: sendingPage(1).items, readError: null });
    await driver.refuse('fetchPage', networkDown);
    expect(driver.view()).toMatchObject({ failed: false, items: sendingPage(1).items, readError: networkDown });
  });
});
