/** One read's view object (src/machines/resource/resource.connect.ts) over a live actor. */
import { describe, expect, it } from 'vitest';
import { connectResource } from '../../src/machines/resource/resource.connect';
import { resourceMachine } from '../../src/machines/resource/resource.machine';
import { driveView } from '../support/connect-driver';
import { apiError } from '../support/paths';

const banners = [{ id: 1, img: '/b1.webp' }];
const down = apiError(500, 'Something Went Wrong!');

describe('connectResource', () => {
  it('the first load, then the data typed as the screen knows it', async () => {
    const driver = driveView(resourceMachine, connectResource<typeof banners>);
    expect(driver.view()).toMatchObject({ data: null, loading: true, firstLoad: true, failed: false, failure: null });
    await driver.answer('load', banners);
    const view = driver.view();
    expect(view).toMatchObject({ data: banners, loading: false, firstLoad: false });
    expect(view.data?.[0]?.img).toBe('/b1.webp');
  });

  it('refresh reloads while the data stays (not a first load)', async () => {
    const driver = driveView(resourceMachine, connectResource);
    await driver.answer('load', banners);
    driver.view().refresh();
    expect(driver.view()).toMatchObject({ loading: true, firstLoad: false, data: banners });
    expect(driver.calls()).toHaveLength(2);
  });

  it('a failure is shown only while failed; retry loads again', async () => {
    const driver = driveView(resourceMachine, connectResource);
    await driver.refuse('load', down);
    expect(driver.view()).toMatchObject({ failed: true, failure: down, error: down, loading: false });
    driver.view().retry();
    expect(driver.view()).toMatchObject({ failed: false, failure: null, loading: true, firstLoad: true });
    expect(driver.view().error, 'the last failure is kept until a load succeeds').toEqual(down);
  });

  it('gives the same intent functions on every snapshot', async () => {
    const driver = driveView(resourceMachine, connectResource);
    const before = driver.view();
    await driver.answer('load', banners);
    expect(driver.view().retry).toBe(before.retry);
    expect(driver.view().refresh).toBe(before.refresh);
  });
});
