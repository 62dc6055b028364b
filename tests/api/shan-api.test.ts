import { describe, expect, it } from 'vitest';
import { shanApi, toShanInfo, toShanLaunchAnswer } from '../../src/api/shan';
import { fakeApi, offlineApi } from './fake-api';

const request = { member_account: 'P0000007', operator_code: 'a3h1' };
const url = 'https://kyatplay.test/demo-shan/play?session=abc';

describe('shanApi: info', () => {
  it('reads GET /shan/info inside its envelope or bare', async () => {
    const { api, sent } = fakeApi({ body: { status: 'Request was successful.', data: { product_code: 'SKM', operator_code: 'a3h1', game_name: 'Shan Koe Mee' } } });
    await expect(shanApi(api).info()).resolves.toEqual({ productCode: 'SKM', operatorCode: 'a3h1', gameName: 'Shan Koe Mee' });
    expect(sent[0]).toMatchObject({ method: 'GET', url: 'http://test/api/shan/info' });
    expect(toShanInfo({ productCode: 'X' })).toEqual({ productCode: 'X', operatorCode: '', gameName: '' });
  });

  it('rejects a 404 from a legacy backend (the machine falls back)', async () => {
    const { api } = fakeApi({ status: 404, body: { message: 'Not Found' } });
    await expect(shanApi(api).info()).rejects.toMatchObject({ status: 404 });
  });
});

describe('shanApi: launch', () => {
  it('posts member_account and operator_code and resolves the URL', async () => {
    const { api, sent } = fakeApi({ body: { status: 'success', message: 'Game launched successfully!', launch_game_url: url } });
    await expect(shanApi(api).launch(request)).resolves.toEqual({ status: 'success', message: 'Game launched successfully!', launchGameUrl: url });
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'http://test/api/shan-launch-game' });
    expect(JSON.parse(sent[0]!.body as string)).toEqual(request);
  });

  it('resolves the refusals with every message the player must see', async () => {
    const invalid = fakeApi({
      status: 422,
      body: { status: 'fail', message: 'The selected operator code is invalid.', errors: { operator_code: ['The selected operator code is invalid.', 'Second.'] } },
    });
    await expect(shanApi(invalid.api).launch(request)).resolves.toEqual({
      status: 'fail',
      message: 'The selected operator code is invalid.',
      operatorCodeErrors: ['The selected operator code is invalid.', 'Second.'],
    });
    const provider = fakeApi({ status: 502, body: { status: 'fail', message: 'Failed to launch game.', error_detail: 'provider said no' } });
    await expect(shanApi(provider.api).launch(request)).resolves.toEqual({ status: 'fail', message: 'Failed to launch game.', errorDetail: 'provider said no' });
    const foreign = fakeApi({ status: 403, body: { status: 'fail', message: 'You can only launch the game for your own account.' } });
    await expect(shanApi(foreign.api).launch(request)).resolves.toMatchObject({ status: 'fail' });
  });

  it('rejects when no readable answer came: offline, an HTML gateway page, an expired session', async () => {
    await expect(shanApi(offlineApi()).launch(request)).rejects.toMatchObject({ status: 0 });
    const gateway = fakeApi({ status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' });
    await expect(shanApi(gateway.api).launch(request)).rejects.toMatchObject({ status: 502 });
    let loggedOut = 0;
    const expired = fakeApi({ status: 401, body: { message: 'Unauthenticated.' } }, { onUnauthorized: () => void loggedOut++ });
    await expect(shanApi(expired.api).launch(request)).rejects.toMatchObject({ status: 401 });
    expect(loggedOut).toBe(1);
  });

  it('reads a legacy single-text error field', () => {
    expect(toShanLaunchAnswer({ status: 'fail', errors: { operator_code: 'Bad code.' } })).toEqual({ status: 'fail', operatorCodeErrors: ['Bad code.'] });
  });
});
