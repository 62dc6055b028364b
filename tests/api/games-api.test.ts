import { describe, expect, it } from 'vitest';
import { OK_STATUS } from '../../src/api/client';
import { gamesApi } from '../../src/api/games';
import { fakeApi, offlineApi } from './fake-api';

const ok = (data: unknown) => ({ body: { status: OK_STATUS, message: null, data } });
const request = { game_code: 'JL001', product_code: 1091, game_type: 'SLOT' };

describe('gamesApi: catalogue', () => {
  it('reads game types with their providers and resolves images against the API host', async () => {
    const { api, sent } = fakeApi(
      ok([{ id: 1, name: 'Slot', code: 'SLOT', img: '/assets/types/slot.svg', providers: [{ id: 3, code: 'JILI', name: 'JILI Games', short_name: 'JILI', img: '/assets/p/jili.svg' }] }]),
    );
    await expect(gamesApi(api).gameTypes()).resolves.toEqual([
      {
        id: 1,
        name: 'Slot',
        code: 'SLOT',
        img: 'http://test/assets/types/slot.svg',
        providers: [{ id: 3, code: 'JILI', name: 'JILI Games', shortName: 'JILI', img: 'http://test/assets/p/jili.svg' }],
      },
    ]);
    expect(sent[0]).toMatchObject({ method: 'GET', url: 'http://test/api/game_types' });
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer tok');
  });

  it('reads providers as a list or { data: list }, in the contract and legacy namings', async () => {
    const ours = {
      id: 31, product_id: 31, provider: 'JILI', provider_id: 3, product_code: 1091, product_name: 'JILI Slot',
      product_title: 'JILI', short_name: 'JILI', game_type: 'SLOT', img_url: '/assets/p/jili.svg', status: 1,
    };
    const legacy = { id: 7, code: 'PP', provider_name: 'Pragmatic Play', short_name: 'PP', product_code: '1006', img: 'https://cdn.example/pp.png' };
    const { api, sent } = fakeApi({ body: [ours] });
    await expect(gamesApi(api).providers('SLOT')).resolves.toEqual([
      {
        id: 3, productId: 31, code: 'JILI', name: 'JILI', shortName: 'JILI', productCode: 1091, productName: 'JILI Slot',
        productTitle: 'JILI', gameType: 'SLOT', img: 'http://test/assets/p/jili.svg',
      },
    ]);
    expect(sent[0]!.url).toBe('http://test/api/providers/SLOT');
    const wrapped = fakeApi({ body: { data: [legacy] } });
    await expect(gamesApi(wrapped.api).providers('live casino')).resolves.toEqual([
      {
        id: 7, productId: 7, code: 'PP', name: 'Pragmatic Play', shortName: 'PP', productCode: '1006', productName: '',
        productTitle: '', gameType: '', img: 'https://cdn.example/pp.png',
      },
    ]);
    expect(wrapped.sent[0]!.url).toBe('http://test/api/providers/live%20casino');
  });

  it('asks for a page of games and reads image_url or img, plain or enveloped', async () => {
    const row = { id: 5, game_code: 'JL005', game_name: 'Super Ace', game_type: 'SLOT', product_code: 1091, image_url: '/assets/g/5.webp', is_hot: 1 };
    const { api, sent } = fakeApi({ body: [row] });
    await expect(gamesApi(api).gameList(1, 3, 2)).resolves.toEqual([
      { id: 5, gameCode: 'JL005', gameName: 'Super Ace', gameType: 'SLOT', productCode: 1091, provider: '', img: 'http://test/assets/g/5.webp', isHot: true },
    ]);
    expect(sent[0]!.url).toBe('http://test/api/game_lists/1/3?page=2');
    const legacy = fakeApi(ok([{ id: '6', game_code: 'PP6', game_name: 'Gates', game_type: 1, product_code: '1006', img: '/g/6.png', provider: 'PP' }]));
    await expect(gamesApi(legacy.api).hotGames()).resolves.toEqual([
      { id: 6, gameCode: 'PP6', gameName: 'Gates', gameType: 1, productCode: '1006', provider: 'PP', img: 'http://test/g/6.png', isHot: false },
    ]);
    expect(legacy.sent[0]!.url).toBe('http://test/api/hot_game_lists');
    const none = fakeApi(ok(null));
    await expect(gamesApi(none.api).gameList(1, 3)).resolves.toEqual([]);
    expect(none.sent[0]!.url).toBe('http://test/api/game_lists/1/3?page=1');
  });

  it('reads game logs of a period and the top withdrawers', async () => {
    const { api, sent } = fakeApi(ok([{ game_name: 'Super Ace', spin_count: 12, turnover: '6000.00', total_payout: 7200, win_loss: '1200.00' }]));
    await expect(gamesApi(api).gameLogs('this_week')).resolves.toEqual([
      { gameName: 'Super Ace', spinCount: 12, turnover: '6000.00', totalPayout: '7200.00', winLoss: '1200.00', from: '', to: '' },
    ]);
    expect(sent[0]!.url).toBe('http://test/api/player/game-logs?type=this_week');
    const top = fakeApi({ body: [{ player_id: 'Pi12345678', amount: 250000 }] });
    await expect(gamesApi(top.api).topWithdraw()).resolves.toEqual([{ playerId: 'Pi12345678', amount: '250000.00' }]);
    expect(top.sent[0]!.url).toBe('http://test/api/toptenwithdraw');
  });
});

describe('gamesApi: launch', () => {
  it('posts the game and resolves a url or content answer', async () => {
    const { api, sent } = fakeApi({ body: { code: 200, message: 'Game launched successfully', url: 'https://demo/play' } });
    await expect(gamesApi(api).launch(request)).resolves.toEqual({ code: 200, message: 'Game launched successfully', url: 'https://demo/play' });
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'http://test/api/seamless/launch-game' });
    expect(JSON.parse(sent[0]!.body as string)).toEqual(request);
    const html = fakeApi({ body: { data: { code: 200, content: '<html></html>' } } });
    await expect(gamesApi(html.api).launch(request)).resolves.toEqual({ code: 200, content: '<html></html>' });
  });

  it('resolves an HTTP 4xx/5xx answer with its body code, or the HTTP status without one', async () => {
    const refused = fakeApi({ status: 400, body: { code: 1001, message: 'Insufficient balance' } });
    await expect(gamesApi(refused.api).launch(request)).resolves.toEqual({ code: 1001, message: 'Insufficient balance' });
    const missing = fakeApi({ status: 404, body: { code: 404, message: 'Game not found' } });
    await expect(gamesApi(missing.api).launch(request)).resolves.toEqual({ code: 404, message: 'Game not found' });
    const invalid = fakeApi({ status: 422, body: { message: 'The game code field is required.', errors: { game_code: ['required'] } } });
    await expect(gamesApi(invalid.api).launch(request)).resolves.toEqual({ code: 422, message: 'The game code field is required.' });
    const gateway = fakeApi({ status: 502, body: '<html>Bad Gateway</html>', contentType: 'text/html' });
    await expect(gamesApi(gateway.api).launch(request)).resolves.toEqual({ code: 502 });
  });

  it('still logs out on 401 "Unauthenticated." and rejects only when no answer came', async () => {
    let loggedOut = 0;
    const expired = fakeApi({ status: 401, body: { message: 'Unauthenticated.' } }, { onUnauthorized: () => void loggedOut++ });
    await expect(gamesApi(expired.api).launch(request)).resolves.toEqual({ code: 401, message: 'Unauthenticated.' });
    expect(loggedOut).toBe(1);
    await expect(gamesApi(offlineApi()).launch(request)).rejects.toMatchObject({ status: 0 });
  });
});
