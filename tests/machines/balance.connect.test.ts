/** The balance poller's view object on a live poller: what the refresh button reads and sends. */
import { describe, expect, it } from 'vitest';
import { fromPromise } from 'xstate';
import type { User } from '../../src/api/types';
import { connectBalance } from '../../src/machines/balance/balance.connect';
import { balanceMachine } from '../../src/machines/balance/balance.machine';
import { flush, startUnderHost, type LogEntry } from '../support/path-replay';
import { player, plusKs } from '../support/path-fixtures';

/** The poller under a parent (it reports changed balances to the session), fetchUser answering `served()`. */
function start(served: () => User) {
  let fetches = 0;
  const fetchUser = fromPromise<User, void>(async () => ((fetches += 1), served()));
  const log: LogEntry[] = [];
  const machine = balanceMachine.provide({ actors: { fetchUser }, actions: { logError: () => {} } });
  const { host, actor } = startUnderHost(machine, { user: player }, log);
  return { host, poller: actor, fetches: () => fetches, view: () => connectBalance(actor.getSnapshot(), actor.send) };
}

describe('connectBalance', () => {
  it('is fetching while a poll runs and shows the profile the last poll saw', async () => {
    const richer = { ...player, balance: plusKs(player.balance, 1000) };
    const { host, view } = start(() => richer);
    expect(view()).toMatchObject({ fetching: true, user: player });
    await flush();
    expect(view()).toMatchObject({ fetching: false, user: richer });
    host.stop();
  });

  it('refresh fetches at once between polls, and the button sees the fetch run and end', async () => {
    const { host, fetches, view } = start(() => player);
    await flush();
    expect(fetches()).toBe(1);
    view().refresh();
    expect(fetches()).toBe(2);
    expect(view().fetching).toBe(true);
    await flush();
    expect(view().fetching).toBe(false);
    host.stop();
  });

  it('refresh is ignored while the page is hidden', async () => {
    const { host, poller, fetches, view } = start(() => player);
    await flush();
    poller.send({ type: 'page.hidden' });
    view().refresh();
    expect(fetches()).toBe(1);
    expect(view().fetching).toBe(false);
    host.stop();
  });

  it('gives the same refresh for every snapshot of one actor (a stable callback)', async () => {
    const { host, view } = start(() => player);
    const first = view().refresh;
    await flush();
    expect(view().refresh).toBe(first);
    host.stop();
  });
});
