import { describe, expect, it } from 'vitest';
import { selectBroadcast, selectBroadcastBusy, selectBroadcastStep, selectFormLocked } from '../../src/machines/broadcast/broadcast.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { checkEffects, itStatesEveryEffect, type Effect, type Effects } from '../support/path-effects';
import { replayPath, type LogEntry } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { allOut, broadcastPaths, halfway, previewed, request, sentNow } from './broadcast.paths';

const paths = generatePaths(broadcastPaths);
const calls = (entries: LogEntry[]) => entries.filter((e) => e.kind === 'call');

/**
 * A broadcast is previewed before it can be sent; it is sent once, only after the operator
 * confirmed; editing after a preview needs a new one; once sent, its progress is read every
 * 2 seconds while the page shows, until nothing waits; the form is locked from the send on.
 */
const always: Effect = ({ after }) => {
  expect(selectBroadcastBusy(after as never)).toBe(after.matches('previewing') || after.matches('sending'));
  const sentOrLater = after.matches('sending') || after.matches('tracking') || after.matches('reading') || after.matches('done');
  expect(selectFormLocked(after as never)).toBe(sentOrLater || after.matches('previewing') || after.matches('confirming'));
  // A send is offered only for a previewed draft.
  if (after.matches('confirming')) expect(selectBroadcast(after as never)?.previewed_at).toBeTruthy();
};

const noCalls: Effect = ({ entries }) => expect(calls(entries)).toEqual([]);

const effects: Effects = {
  'preview.send': ({ entries, after }) => {
    expect(calls(entries), 'the draft and the chat, sent once').toEqual([{ kind: 'call', actor: 'previewDraft', input: request }]);
    expect(after.matches('previewing')).toBe(true);
  },
  'xstate.done.actor.previewDraft': ({ after }) => {
    expect(selectBroadcastStep(after as never)).toBe('previewed');
    expect(selectBroadcast(after as never)).toEqual(previewed);
  },
  'xstate.error.actor.previewDraft': ({ step, after }) => {
    expect(after.matches('editing'), 'back to the form, its words kept').toBe(true);
    expect(after.context.error?.message).toBe(step.event.error.message);
  },
  'draft.edit': ({ entries, after }) => {
    noCalls({ entries } as never);
    expect(selectBroadcast(after as never), 'the previewed draft is no longer the one to send').toBeNull();
  },
  'broadcast.send': ({ entries, after }) => {
    expect(calls(entries), 'nothing is sent before the confirmation').toEqual([]);
    expect(selectBroadcastStep(after as never)).toBe('confirming');
  },
  'broadcast.cancel': ({ entries, after }) => {
    expect(calls(entries)).toEqual([]);
    expect(selectBroadcastStep(after as never)).toBe('previewed');
  },
  'broadcast.confirm': ({ entries }) => expect(calls(entries), 'the previewed broadcast, sent once').toEqual([{ kind: 'call', actor: 'sendBroadcast', input: { id: previewed.id } }]),
  'xstate.done.actor.sendBroadcast': ({ after }) => {
    expect(selectBroadcast(after as never)).toEqual(sentNow);
    expect(selectBroadcastStep(after as never)).toBe('sent');
  },
  'xstate.error.actor.sendBroadcast': ({ step, after }) => {
    expect(selectBroadcastStep(after as never), 'still previewed: it may be sent again').toBe('previewed');
    expect(after.context.error?.message).toBe(step.event.error.message);
  },
  'xstate.after.pollInterval.broadcast.tracking': ({ entries }) => expect(calls(entries), 'the progress is read').toEqual([{ kind: 'call', actor: 'fetchBroadcast', input: { id: previewed.id } }]),
  'xstate.done.actor.fetchBroadcast': ({ step, after }) => {
    expect(selectBroadcast(after as never)).toEqual(step.event.output);
    expect(selectBroadcastStep(after as never)).toBe(step.event.output === allOut ? 'done' : 'sent');
    if (step.event.output === halfway) expect(after.context.readError).toBeNull();
  },
  'xstate.error.actor.fetchBroadcast': ({ after }) => {
    expect(after.context.readError).toBeTruthy();
    expect(selectBroadcastStep(after as never), 'reading goes on').toBe('sent');
  },
  'page.hidden': ({ entries, after }) => {
    expect(calls(entries)).toEqual([]);
    expect(after.context.hidden).toBe(true);
  },
  'page.visible': ({ before, entries, after }) => {
    expect(after.context.hidden).toBe(false);
    const readsNow = before.matches('tracking');
    expect(calls(entries)).toEqual(readsNow ? [{ kind: 'call', actor: 'fetchBroadcast', input: { id: previewed.id } }] : []);
  },
  'broadcast.new': ({ after }) => {
    expect(selectBroadcastStep(after as never)).toBe('editing');
    expect(selectBroadcast(after as never)).toBeNull();
  },
};

describe('broadcast: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(broadcastPaths, path), async () => {
      await replayPath(broadcastPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  itStatesEveryEffect('broadcast', effects, paths);

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(broadcastPaths, paths), 'transitions in no path').toEqual([]);
  });
});
