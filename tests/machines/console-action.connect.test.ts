/** One console change's view object (src/machines/console-action/console-action.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectConsoleAction } from '../../src/machines/console-action/console-action.connect';
import { consoleActionMachine } from '../../src/machines/console-action/console-action.machine';
import { driveView } from '../support/connect-driver';
import { beforeTheDraw, confirmed, provisional } from './console-action.paths';

type ResultRequest = typeof provisional;
const resultForm = () => driveView(consoleActionMachine, connectConsoleAction<ResultRequest>);
const performed = (driver: ReturnType<typeof resultForm>) => driver.calls().map((c) => c.input);

describe('connectConsoleAction: what the view shows', () => {
  it('nothing asked or sent yet', () => {
    expect(resultForm().view()).toMatchObject({ busy: false, asking: false, asked: null, inFlight: undefined, result: null, fieldErrors: {} });
  });

  it('a refusal: the server words and its field errors; nothing is in flight any more', async () => {
    const driver = resultForm();
    driver.view().run(provisional);
    await driver.refuse('perform', beforeTheDraw);
    expect(driver.view()).toMatchObject({ busy: false, inFlight: undefined, result: { ok: false, message: beforeTheDraw.message }, fieldErrors: beforeTheDraw.fieldErrors });
    expect(driver.actions(), 'a refusal reloads nothing').toEqual([]);
  });
});

describe('connectConsoleAction: intents', () => {
  it('run sends the change at once; while it is on its way the view holds it; done reloads what changed', async () => {
    const driver = resultForm();
    driver.view().run(provisional);
    expect(driver.view()).toMatchObject({ busy: true, inFlight: provisional, asked: null });
    expect(performed(driver)).toEqual([provisional]);
    await driver.answer('perform', { message: '38 saved as provisional.' });
    expect(driver.view()).toMatchObject({ busy: false, inFlight: undefined, result: { ok: true, message: '38 saved as provisional.' } });
    expect(driver.actions()).toEqual([{ name: 'changed', params: undefined }]);
  });

  it('ask opens the confirmation and sends nothing; confirm sends the asked change', () => {
    const driver = resultForm();
    driver.view().ask(confirmed);
    expect(driver.view()).toMatchObject({ asking: true, asked: confirmed, busy: false });
    expect(performed(driver)).toEqual([]);
    driver.view().confirm();
    expect(driver.view()).toMatchObject({ asking: false, asked: null, busy: true, inFlight: confirmed });
    expect(performed(driver)).toEqual([confirmed]);
  });

  it('cancel closes the confirmation without sending', () => {
    const driver = resultForm();
    driver.view().ask(confirmed);
    driver.view().cancel();
    expect(driver.view()).toMatchObject({ asking: false, asked: null, busy: false });
    expect(performed(driver)).toEqual([]);
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = resultForm();
    const before = driver.view();
    before.run(provisional);
    await driver.answer('perform', { message: 'done' });
    const after = driver.view();
    for (const name of ['run', 'ask', 'confirm', 'cancel'] as const) expect(after[name], name).toBe(before[name]);
  });
});
