/** The content editor's view object (src/machines/content-editor/content-editor.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectContentEditor } from '../../src/machines/content-editor/content-editor.connect';
import { contentEditorMachine } from '../../src/machines/content-editor/content-editor.machine';
import { driveView } from '../support/connect-driver';
import { BURMESE_TITLE, FILES, LIMITS, STORED_PNG, bannerStart, notAnImage, titleRequired, videoStart } from './content-editor.paths';

const banner = () => driveView(contentEditorMachine, connectContentEditor, bannerStart);

describe('connectContentEditor: what the view shows', () => {
  it('the row as given: its id and values, nothing uploading or saved', () => {
    expect(banner().view()).toMatchObject({ id: 3, values: bannerStart.values, previews: {}, refusals: {}, fieldErrors: {}, uploading: null, saving: false, canSave: true, saved: false, error: null, zawgyi: [] });
    expect(driveView(contentEditorMachine, connectContentEditor, videoStart).view().id, 'a new row has no id yet').toBeNull();
  });

  it('a file refused before it is sent: the refusal by the upload field, no upload', () => {
    const driver = banner();
    driver.view().chooseMedia('img_url', FILES.pdf, 'terms.pdf', 'blob:pdf');
    expect(driver.view()).toMatchObject({ refusals: { image: { code: 'type', allow: 'image' } }, uploading: null });
    driver.view().chooseMedia('img_url', FILES.bigPng, 'huge.png', 'blob:huge');
    expect(driver.view().refusals).toEqual({ image: { code: 'size', max: LIMITS.image } });
    expect(driver.calls()).toEqual([]);
  });

  it('a save the server refuses: its words and the field errors', async () => {
    const driver = banner();
    driver.view().save();
    await driver.refuse('saveContent', titleRequired);
    expect(driver.view()).toMatchObject({ saving: false, saved: false, error: titleRequired.message, fieldErrors: titleRequired.fieldErrors });
  });
});

describe('connectContentEditor: intents', () => {
  it('change edits a value and un-marks the row as saved', async () => {
    const driver = banner();
    driver.view().save();
    await driver.answer('saveContent', { item: { id: 3 }, zawgyi: [] });
    expect(driver.view().saved).toBe(true);
    driver.view().change('title_mm', BURMESE_TITLE);
    expect(driver.view()).toMatchObject({ saved: false, values: { ...bannerStart.values, title_mm: BURMESE_TITLE } });
  });

  it('chooseMedia previews the file at once and uploads it; the stored URL becomes the value', async () => {
    const driver = banner();
    driver.view().chooseMedia('img_url', FILES.png, 'banner.png', 'blob:local');
    expect(driver.view()).toMatchObject({ uploading: 'img_url', canSave: false, previews: { img_url: { src: 'blob:local', name: 'banner.png', stored: false } } });
    expect(driver.calls()).toEqual([{ actor: 'uploadMedia', input: FILES.png }]);
    await driver.answer('uploadMedia', STORED_PNG);
    expect(driver.view()).toMatchObject({ uploading: null, values: { img_url: STORED_PNG.url }, previews: { img_url: { src: STORED_PNG.url, stored: true } } });
  });

  it('an upload the server refuses: its words under the field, the preview gone', async () => {
    const driver = banner();
    driver.view().chooseMedia('img_url', FILES.png, 'banner.png', 'blob:local');
    await driver.refuse('uploadMedia', notAnImage);
    expect(driver.view()).toMatchObject({ uploading: null, previews: {}, fieldErrors: { image: notAnImage.fieldErrors.file } });
  });

  it('removeMedia empties an optional file only', () => {
    const driver = driveView(contentEditorMachine, connectContentEditor, videoStart);
    driver.view().removeMedia('poster_url');
    expect(driver.view().values.poster_url).toBe('');
    const required = banner();
    required.view().removeMedia('img_url');
    expect(required.view().values.img_url, 'a required file stays').toBe(bannerStart.values.img_url);
  });

  it('save sends the values; the saved row reports its id and the texts read as Zawgyi', async () => {
    const driver = driveView(contentEditorMachine, connectContentEditor, videoStart);
    driver.view().save();
    expect(driver.view()).toMatchObject({ saving: true, canSave: false });
    expect(driver.calls()).toEqual([{ actor: 'saveContent', input: { kind: 'video-ads', id: null, values: videoStart.values } }]);
    await driver.answer('saveContent', { item: { id: 12 }, zawgyi: ['title_mm'] });
    expect(driver.view()).toMatchObject({ id: 12, saving: false, saved: true, zawgyi: ['title_mm'] });
    expect(driver.actions()).toEqual([{ name: 'saved', params: { id: 12 } }]);
  });

  it('gives the same intent functions on every snapshot', () => {
    const driver = banner();
    const before = driver.view();
    before.change('title_en', 'Weekend bonus');
    const after = driver.view();
    for (const name of ['change', 'chooseMedia', 'removeMedia', 'save'] as const) expect(after[name], name).toBe(before[name]);
  });
});
