/** Path model of consoleActionMachine: a change sent at once or asked first, its answer, a refusal. */
import type { SnapshotFrom } from 'xstate';
import { consoleActionMachine } from '../../src/machines/console-action/console-action.machine';
import { apiError, definePathModel, done, failed, type PhrasedEvent } from '../support/paths';
import { networkDown } from './money-fixtures';

type ActionSnapshot = SnapshotFrom<typeof consoleActionMachine>;

/** The 2D result form's requests: saved as provisional (sent at once) or confirmed (asked first). */
export const provisional = { date: '2026-11-23', session: 'morning', twod: '38', confirm: false };
export const confirmed = { ...provisional, confirm: true };
export const beforeTheDraw = apiError(422, 'A result can be confirmed only after its draw (2026-11-23 12:01 Yangon).', {
  confirm: 'A result can be confirmed only after its draw (2026-11-23 12:01 Yangon).',
});

function events(snapshot: ActionSnapshot): PhrasedEvent[] {
  if (snapshot.matches('running')) {
    return [
      ['the server accepts it', done('perform', { message: '38 confirmed; the draw is settled.' })],
      ['the server refuses it (422)', failed('perform', beforeTheDraw)],
      ['the network fails', failed('perform', networkDown)],
    ];
  }
  if (snapshot.matches('asking')) {
    return [
      ['they confirm in the dialog', { type: 'action.confirm' }],
      ['they cancel the dialog', { type: 'action.cancel' }],
    ];
  }
  return [
    ['they save 38 as provisional', { type: 'action.run', request: provisional }],
    ['they ask to confirm 38', { type: 'action.ask', request: confirmed }],
  ];
}

function describeState(snapshot: ActionSnapshot): string {
  const { result } = snapshot.context;
  if (snapshot.matches('asking')) return 'the "Confirm the result?" dialog is open';
  if (snapshot.matches('running')) return 'the change is being sent (busy)';
  return result ? `the form shows "${result.message}"` : 'the form, nothing sent yet';
}

export const consoleActionPaths = definePathModel({
  name: 'console-action',
  title: 'One operator change in the console (2D result, promotion titles, ban)',
  source: 'src/machines/console-action/console-action.machine.ts',
  machine: consoleActionMachine,
  starts: [{ name: 'the 2D result form', input: undefined }],
  events,
  describeState,
});
