/** The broadcast screen's view object (src/machines/broadcast/broadcast.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectBroadcast } from '../../src/machines/broadcast/broadcast.connect';
import { broadcastMachine } from '../../src/machines/broadcast/broadcast.machine';
import { driveView } from '../support/connect-driver';
import { allOut, missingBurmese, previewed, request, sentNow } from './broadcast.paths';

const screen = () => driveView(broadcastMachine, connectBroadcast);

describe('connectBroadcast: what the view shows', () => {
  it('the form, nothing sent', () => {
    expect(screen().view()).toMatchObject({ step: 'editing', busy: false, locked: false, broadcast: null, error: null });
  });

  it('a refused preview: the server words and field errors, the form open again', async () => {
    const driver = screen();
    driver.view().preview(request);
    expect(driver.view()).toMatchObject({ busy: true, locked: true });
    await driver.refuse('previewDraft', missingBurmese);
    expect(driver.view()).toMatchObject({ step: 'editing', busy: false, locked: false, error: { message: missingBurmese.message, fieldErrors: missingBurmese.fieldErrors } });
  });
});

describe('connectBroadcast: intents', () => {
  it('preview → send asks first → confirm sends the previewed one → done when nothing waits', async () => {
    const driver = screen();
    driver.view().preview(request);
    await driver.answer('previewDraft', previewed);
    expect(driver.view()).toMatchObject({ step: 'previewed', broadcast: previewed, locked: false });
    driver.view().send();
    expect(driver.view().step).toBe('confirming');
    expect(driver.calls().map((c) => c.actor)).toEqual(['previewDraft']);
    driver.view().confirm();
    expect(driver.calls().at(-1)).toEqual({ actor: 'sendBroadcast', input: { id: previewed.id } });
    await driver.answer('sendBroadcast', { ...sentNow, progress: allOut.progress });
    expect(driver.view()).toMatchObject({ step: 'done', locked: true });
    driver.view().startNew();
    expect(driver.view()).toMatchObject({ step: 'editing', broadcast: null });
  });

  it('editing after a preview forgets the previewed draft', async () => {
    const driver = screen();
    driver.view().preview(request);
    await driver.answer('previewDraft', previewed);
    driver.view().edit();
    expect(driver.view()).toMatchObject({ step: 'editing', broadcast: null });
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = screen();
    const before = driver.view();
    before.preview(request);
    await driver.answer('previewDraft', previewed);
    const after = driver.view();
    expect(after.send).toBe(before.send);
    expect(after.preview).toBe(before.preview);
  });
});
