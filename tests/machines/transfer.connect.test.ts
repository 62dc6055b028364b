/**
 * The transfer view object (src/machines/transfer/transfer.connect.ts): each intent sends its one
 * event, and every field reads the snapshot it is given, for both uses of the machine.
 */
import { describe, expect, it } from 'vitest';
import { createActor, fromPromise, type SnapshotFrom } from 'xstate';
import { connectTransfer, transferIntents } from '../../src/machines/transfer/transfer.connect';
import { transferMachine, type TransferEvent, type TransferUse } from '../../src/machines/transfer/transfer.machine';
import { ENTER_AMOUNT } from '../../src/machines/transfer/transfer-uses';

type Snapshot = SnapshotFrom<typeof transferMachine>;

/** A snapshot reached by sending `events` to a fresh actor whose request never answers. */
function snapshotAfter(use: TransferUse, events: TransferEvent[]): Snapshot {
  const machine = transferMachine.provide({
    actors: { submitExchange: fromPromise(() => new Promise<{ message: string }>(() => {})) },
    actions: { notifySuccess: () => {}, notifyError: () => {}, refreshBalance: () => {} },
  });
  const actor = createActor(machine, { input: { use, keySeed: 'k' } }).start();
  for (const event of events) actor.send(event);
  return actor.getSnapshot();
}

function recorder() {
  const sent: TransferEvent[] = [];
  return { sent, send: (event: TransferEvent) => void sent.push(event) };
}

describe('connectTransfer: intents', () => {
  it('each intent sends its event and nothing else', () => {
    const { sent, send } = recorder();
    const view = connectTransfer(snapshotAfter('exchange', []), send);
    view.open();
    view.open('gameToMain');
    view.setAmount('၅၀၀၀');
    view.toggleDirection();
    view.submit();
    view.close();
    expect(sent).toEqual([
      { type: 'transfer.open' },
      { type: 'transfer.open', direction: 'gameToMain' },
      { type: 'amount.change', value: '၅၀၀၀' },
      { type: 'direction.toggle' },
      { type: 'transfer.submit' },
      { type: 'transfer.close' },
    ]);
  });

  it('gives the same intent functions for every snapshot of one actor', () => {
    const { send } = recorder();
    const before = connectTransfer(snapshotAfter('exchange', []), send);
    const after = connectTransfer(snapshotAfter('exchange', [{ type: 'transfer.open' }]), send);
    expect(after.submit).toBe(before.submit);
    expect(after.setAmount).toBe(before.setAmount);
    expect(transferIntents(send).open).toBe(before.open);
    expect(transferIntents(recorder().send).open, 'another actor, other intents').not.toBe(before.open);
  });
});

describe('connectTransfer: what the view shows', () => {
  const view = (use: TransferUse, events: TransferEvent[]) => connectTransfer(snapshotAfter(use, events), () => {});

  it('the dialog: closed, then open main → game, then game → main with an amount', () => {
    expect(view('exchange', [])).toMatchObject({ use: 'exchange', isOpen: false, canSubmit: false, busy: false });
    expect(view('exchange', [{ type: 'transfer.open' }])).toMatchObject({ isOpen: true, direction: 'mainToGame', from: 'main', to: 'game', amount: '' });
    const turned = view('exchange', [{ type: 'transfer.open' }, { type: 'direction.toggle' }, { type: 'amount.change', value: '၅၀၀၀' }]);
    expect(turned).toMatchObject({ direction: 'gameToMain', from: 'game', to: 'main', amount: '5000', canSubmit: true, error: null });
  });

  it('the dialog does not offer Exchange at 0; the page offers Transfer and refuses 0 on submit', () => {
    expect(view('exchange', [{ type: 'transfer.open' }, { type: 'amount.change', value: '0' }]).canSubmit).toBe(false);
    expect(view('internalTransfer', [{ type: 'amount.change', value: '0' }]).canSubmit).toBe(true);
    const refused = view('internalTransfer', [{ type: 'amount.change', value: '0' }, { type: 'transfer.submit' }]);
    expect(refused).toMatchObject({ error: ENTER_AMOUNT, busy: false, canSubmit: true });
  });

  it('while a request runs: busy, nothing to submit', () => {
    const inFlight = view('internalTransfer', [{ type: 'amount.change', value: '2500' }, { type: 'transfer.submit' }]);
    expect(inFlight).toMatchObject({ use: 'internalTransfer', isOpen: true, busy: true, canSubmit: false, amount: '2500' });
  });
});
