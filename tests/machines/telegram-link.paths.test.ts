import { describe, expect, it } from 'vitest';
import { selectLinkBusy, selectLinkError } from '../../src/machines/telegram-link/telegram-link.selectors';
import { checkEffects, itStatesEveryEffect, type Effects } from '../support/path-effects';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { launchInitData, telegramLinkPaths } from './telegram-link.paths';

const paths = generatePaths(telegramLinkPaths);
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));
const calls = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'call' ? [{ actor: e.actor, input: e.input }] : []));

function always({ after }: ReplayedStep) {
  expect(selectLinkBusy(after as never)).toBe(after.matches('linking') || after.matches('unlinking'));
}

/** Success: the session learns the new state of the player (the card follows), and a toast. */
const stored =
  (toast: string): Effects[string] =>
  ({ step, after, entries }) => {
    expect(actions(entries)).toEqual([{ name: 'storeUser', params: { user: step.event.output } }, { name: toast, params: undefined }]);
    expect(selectLinkError(after as never)).toBeNull();
    expect(after.matches('idle')).toBe(true);
  };

/** Refused: the server's words on the card, the session untouched. */
const refused: Effects[string] = ({ step, after, entries }) => {
  expect(selectLinkError(after as never)).toBe((step.event as unknown as { error: { message: string } }).error.message);
  expect(actions(entries).map((a) => a.name)).not.toContain('storeUser');
  expect(after.matches('idle')).toBe(true);
};

/** What each event does, from issue 12 (profile → link or unlink Telegram: POST/DELETE /telegram/link). */
const effects: Effects = {
  // The launch's init data goes to the server as it came; unlinking sends nothing.
  link: ({ after, entries }) => {
    expect(calls(entries)).toEqual([{ actor: 'linkTelegram', input: { initData: launchInitData } }]);
    expect(selectLinkError(after as never)).toBeNull();
  },
  unlink: ({ entries }) => expect(calls(entries)).toEqual([{ actor: 'unlinkTelegram', input: undefined }]),
  'xstate.done.actor.linkTelegram': stored('notifyLinked'),
  'xstate.done.actor.unlinkTelegram': stored('notifyUnlinked'),
  'xstate.error.actor.linkTelegram': refused,
  'xstate.error.actor.unlinkTelegram': refused,
};

describe('telegram-link: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(telegramLinkPaths, path), async () => {
      await replayPath(telegramLinkPaths, path, { onStep: checkEffects(effects, always) });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(telegramLinkPaths, paths), 'transitions in no path').toEqual([]);
  });

  itStatesEveryEffect('telegram-link', effects, paths);
});
