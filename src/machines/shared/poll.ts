/**
 * The polling loop every poller shares (style.md, Machines 6): fetch at once, wait the machine's
 * named delay `pollInterval`, fetch again — after an answer and after a failure alike, so one bad
 * fetch never stops polling. While the page is hidden (`page.hidden`) nothing is fetched and an
 * answer still in flight is dropped; `page.visible` fetches at once. `busy` tags the fetch.
 *
 * A poller writes only what differs: its fetch state (an `invoke` whose `onDone` / `onError`
 * say what an answer or a failure does, without targets: the loop adds them) and, optionally,
 * its waiting state (events it takes between polls, such as a refresh). Both come from the
 * machine's own `setup(…).createStateConfig`, so they are typed against that machine; the
 * machine declares the `pollInterval` delay and takes `page.hidden` / `page.visible`.
 * The result is the machine's `initial` and `states`: `visible.fetching`, `visible.waiting`, `hidden`.
 */

/** What one answer (or failure) does; the loop supplies the target. */
type Branch = object & { target?: never };
type Branches = Branch | readonly Branch[];
type BranchOf<T> = T extends readonly (infer B)[] ? B : T;

/** The poller's fetch state: at least an `invoke` with both outcomes (style.md, Machines 4). */
export interface PollFetch {
  invoke: { id: string; src: string; onDone: Branches; onError: Branches };
}

/** Every outcome of a fetch leads to the wait before the next one. */
function thenWait<T extends Branches>(branches: T): Array<BranchOf<T> & { target: 'waiting' }> {
  const list: readonly Branch[] = Array.isArray(branches) ? branches : [branches as Branch];
  return list.map((branch) => ({ ...branch, target: 'waiting' as const })) as Array<BranchOf<T> & { target: 'waiting' }>;
}

/** The loop around `fetching` (and what `waiting` adds); spread into the machine's config. */
export function pollLoop<const TFetch extends PollFetch, const TWaiting extends object = object>(fetching: TFetch, waiting?: TWaiting) {
  const { invoke } = fetching;
  return {
    initial: 'visible' as const,
    states: {
      visible: {
        initial: 'fetching' as const,
        on: { 'page.hidden': { target: 'hidden' as const } },
        states: {
          fetching: { ...fetching, tags: ['busy'], invoke: { ...invoke, onDone: thenWait(invoke.onDone), onError: thenWait(invoke.onError) } },
          waiting: { ...(waiting as TWaiting), after: { pollInterval: { target: 'fetching' as const } } },
        },
      },
      hidden: {
        on: { 'page.visible': { target: 'visible' as const } },
      },
    },
  };
}
