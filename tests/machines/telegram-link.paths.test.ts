import { describe, expect, it } from 'vitest';
import { selectLinkBusy, selectLinkError } from '../../src/machines/telegram-link/telegram-link.selectors';
import { uncoveredTransitions } from '../support/path-coverage';
import { replayPath, type LogEntry, type ReplayedStep } from '../support/path-replay';
import { generatePaths, pathTestName } from '../support/paths';
import { launchInitData, telegramLinkPaths } from './telegram-link.paths';

const paths = generatePaths(telegramLinkPaths);
const actions = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'action' ? [{ name: e.name, params: e.params }] : []));
const calls = (entries: LogEntry[]) => entries.flatMap((e) => (e.kind === 'call' ? [{ actor: e.actor, input: e.input }] : []));

function checkStep({ step, after, entries }: ReplayedStep) {
  const { event } = step;
  const s = after as never;
  expect(selectLinkBusy(s)).toBe(after.matches('linking') || after.matches('unlinking'));
  // The launch's init data goes to the server as it came; unlinking sends nothing.
  if (event.type === 'link') {
    expect(calls(entries)).toEqual([{ actor: 'linkTelegram', input: { initData: launchInitData } }]);
    expect(selectLinkError(s)).toBeNull();
  }
  if (event.type === 'unlink') expect(calls(entries)).toEqual([{ actor: 'unlinkTelegram', input: undefined }]);
  // Success: the session learns the new state of the player (the card follows), and a toast.
  if (event.type === 'xstate.done.actor.linkTelegram') {
    expect(actions(entries)).toEqual([{ name: 'storeUser', params: { user: event.output } }, { name: 'notifyLinked', params: undefined }]);
  }
  if (event.type === 'xstate.done.actor.unlinkTelegram') {
    expect(actions(entries)).toEqual([{ name: 'storeUser', params: { user: event.output } }, { name: 'notifyUnlinked', params: undefined }]);
  }
  // Refused: the server's words on the card, the session untouched.
  if (event.type.startsWith('xstate.error.actor.')) {
    expect(selectLinkError(s)).toBe((event as unknown as { error: { message: string } }).error.message);
    expect(actions(entries).map((a) => a.name)).not.toContain('storeUser');
    expect(after.matches('idle')).toBe(true);
  }
}

describe('telegram-link: generated paths', () => {
  for (const path of paths) {
    it(pathTestName(telegramLinkPaths, path), async () => {
      await replayPath(telegramLinkPaths, path, { onStep: checkStep });
    });
  }

  it('covers every declared transition', () => {
    expect(uncoveredTransitions(telegramLinkPaths, paths), 'transitions in no path').toEqual([]);
  });
});
