import { describe, expect, it } from 'vitest';
import { ApiError, OK_STATUS, createApiClient } from '../../src/api/client';
import { liveUrls, twoDApi } from '../../src/api/two-d';
import { API_BASE, fakeApi, offlineApi, type FakeAnswer } from './fake-api';

const liveBody = {
  live: { twod: '38', date: '2026-11-20', time: '12:01:00' },
  server_time: '2026-11-20 12:01:05',
  result: [{ open_time: '12:01:00', set: '1,346.23', value: '57,388.58', twod: '38' }],
};
const snapshot = {
  live: { twod: '38', date: '2026-11-20', time: '12:01:00' },
  serverTime: '2026-11-20 12:01:05',
  result: [{ openTime: '12:01:00', set: '1,346.23', value: '57,388.58', twod: '38' }],
  // A feed without `trading` (an older server, or the existing backend): the page falls back to weekends.
  trading: null,
};
const ok = (data: unknown, message: string | null = null) => ({ body: { status: OK_STATUS, message, data } });
const request = { totalAmount: 600, amounts: [{ num: '05', amount: 500 }, { num: '50', amount: 100 }], session: 'morning' as const, key: 'bet-1' };

describe('twoDApi.live', () => {
  it('polls /live at the API host root and reads the feed', async () => {
    const { api, sent } = fakeApi({ body: liveBody });
    await expect(twoDApi(api).live()).resolves.toEqual(snapshot);
    expect(sent.map((s) => s.url)).toEqual(['http://test/live']);
  });

  it('falls back to <api base>/live when the root has no feed, and asks there first afterwards', async () => {
    const { api, sent } = fakeApi((url) => (url === 'http://test/live' ? { status: 404, body: { message: 'Not Found' } } : { body: liveBody }));
    const twoD = twoDApi(api);
    await expect(twoD.live()).resolves.toEqual(snapshot);
    await expect(twoD.live()).resolves.toEqual(snapshot);
    expect(sent.map((s) => s.url)).toEqual(['http://test/live', 'http://test/api/live', 'http://test/api/live']);
  });

  it('skips an answer that is not a feed (the SPA page), and fails when neither is one', async () => {
    const html = { body: '<!doctype html><title>KyatPlay</title>', contentType: 'text/html' };
    const spa = fakeApi((url) => (url === 'http://test/live' ? html : { body: { data: liveBody } }));
    await expect(twoDApi(spa.api).live()).resolves.toEqual(snapshot);
    const none = fakeApi(html);
    await expect(twoDApi(none.api).live()).rejects.toMatchObject({ message: 'Failed to load live data' });
  });

  it('a server error or a lost network is a failure, not a fallback', async () => {
    const broken = fakeApi({ status: 500, body: {} });
    await expect(twoDApi(broken.api).live()).rejects.toMatchObject({ status: 500 });
    expect(broken.sent).toHaveLength(1);
    await expect(twoDApi(offlineApi()).live()).rejects.toMatchObject({ status: 0 });
  });

  it('takes a configured feed URL, and resolves a relative API base against the page', () => {
    expect(liveUrls(API_BASE, 'https://feed.example/live')).toEqual(['https://feed.example/live']);
    expect(liveUrls('http://test/api')).toEqual(['http://test/live', 'http://test/api/live']);
    expect(liveUrls('http://test/')).toEqual(['http://test/live']);
    expect(liveUrls('/api')).toEqual(['http://localhost/live', 'http://localhost/api/live']);
  });
});

describe('twoDApi.availability', () => {
  const number = { num: '05', break: '50000.00', break_amount: '50000.00', staked: '1500.00', remaining: '48500.00', closed: false };

  it('reads our server’s grid, asking for a session when given', async () => {
    const { api, sent } = fakeApi(
      ok({ date: '2026-11-20', session: 'evening', status: 'open', closes_at: '2026-11-20T09:25:00.000Z', opens_at: null, numbers: [number] }),
    );
    await expect(twoDApi(api).availability('evening')).resolves.toEqual({
      date: '2026-11-20',
      session: 'evening',
      status: 'open',
      closesAt: '2026-11-20T09:25:00.000Z',
      opensAt: null,
      numbers: [{ num: '05', breakAmount: 50000, staked: 1500, remaining: 48500, closed: false }],
    });
    expect(sent[0]!.url).toBe('http://test/api/twod-availability?session=evening');
  });

  it('tolerates the legacy placeholder names and derives what is missing', async () => {
    const { api, sent } = fakeApi({ body: { numbers: [{ number: 7, default_break: 1000, over_all_remaining: 250 }, { num: '08', breakAmount: 1000, staked: 1000, closed: 1 }] } });
    const grid = await twoDApi(api).availability();
    expect(sent[0]!.url).toBe('http://test/api/twod-availability');
    expect(grid).toMatchObject({ session: 'morning', status: 'open', closesAt: '', opensAt: null });
    expect(grid.numbers).toEqual([
      { num: '07', breakAmount: 1000, staked: 0, remaining: 250, closed: false },
      { num: '08', breakAmount: 1000, staked: 1000, remaining: 0, closed: true },
    ]);
  });
});

describe('twoDApi.placeBet', () => {
  it('posts the bet with its Idempotency-Key and resolves the server’s message', async () => {
    const { api, sent } = fakeApi(ok({ slip: {} }, 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။'));
    await expect(twoDApi(api).placeBet(request)).resolves.toEqual({ message: 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။' });
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'http://test/api/twod-bet' });
    expect(JSON.parse(sent[0]!.body as string)).toEqual({ totalAmount: 600, amounts: request.amounts, session: 'morning' });
    expect(sent[0]!.headers.get('idempotency-key')).toBe('bet-1');
    const quiet = fakeApi(ok(null));
    await expect(twoDApi(quiet.api).placeBet({ ...request, session: null })).resolves.toEqual({ message: 'ထီအောင်မြင်စွာ ထိုးပြီးပါပြီ။' });
    expect(JSON.parse(quiet.sent[0]!.body as string)).not.toHaveProperty('session');
  });

  it('an over-limit refusal keeps the numbers in `data`, as our server and the legacy one send them', async () => {
    // The flow words an over-limit refusal from the numbers itself (two_d.overLimit); the message
    // is the server's own words, when it sent any.
    const answers: Array<[FakeAnswer, string | null]> = [
      [{ status: 400, body: { status: 'Error has occured...', message: 'Over-limit or closed numbers: 05, 50', data: ['05', '50'] } }, 'Over-limit or closed numbers: 05, 50'],
      [{ status: 400, body: ['05', 50] }, null],
      [{ body: ['05', '50'] }, ''],
      [{ body: { status: 'Error has occured...', message: 'over', data: [{ num: '05' }, { bet_number: '50' }] } }, 'over'],
    ];
    for (const [answer, message] of answers) {
      const { api } = fakeApi(answer);
      const error = await twoDApi(api).placeBet(request).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ApiError);
      expect(error).toMatchObject({ status: 400, data: ['05', '50'] });
      if (message !== null) expect((error as ApiError).message).toBe(message);
    }
  });

  it('other refusals carry the server’s message, or "Bet failed!"', async () => {
    const poor = fakeApi({ status: 400, body: { status: 'Error has occured...', message: 'Insufficient Funds', data: null } });
    await expect(twoDApi(poor.api).placeBet(request)).rejects.toMatchObject({ status: 400, message: 'Insufficient Funds', data: null });
    const bare = fakeApi({ status: 500, body: {} });
    await expect(twoDApi(bare.api).placeBet(request)).rejects.toMatchObject({ status: 500, message: 'Bet failed!' });
    const legacy = fakeApi({ body: { status: 'Error has occured...', message: '' } });
    await expect(twoDApi(legacy.api).placeBet(request)).rejects.toMatchObject({ status: 400, message: 'Bet failed!' });
    const validation = fakeApi({ status: 422, body: { message: 'The amounts field is required.', errors: { amounts: ['The amounts field is required.'] }, data: [] } });
    await expect(twoDApi(validation.api).placeBet(request)).rejects.toMatchObject({ status: 422, message: 'The amounts field is required.' });
  });

  it('no answer at all is status 0 (the machine keeps the key for a retry)', async () => {
    await expect(twoDApi(offlineApi()).placeBet(request)).rejects.toMatchObject({ status: 0 });
  });
});

describe('twoDApi reads', () => {
  const slipRow = {
    id: 3,
    slip_no: 'TD20261120K7Q2MX',
    player_name: 'Aung Aung',
    total_bet_amount: '600.00',
    session: 'morning',
    status: 'pending',
    game_date: '2026-11-20',
    before_balance: '2500.00',
    after_balance: '1900.00',
    two_bets: [
      { id: 9, bet_number: '05', bet_amount: '500.00', win_lose: null, potential_payout: '40000.00' },
      { id: 10, bet_number: 50, bet_amount: 100, win_lose: 0, potential_payout: '8000.00' },
    ],
  };

  it('slips of each draw from their own path, bets with their results', async () => {
    const { api, sent } = fakeApi(ok([slipRow]));
    const twoD = twoDApi(api);
    const [slip] = await twoD.slips('morning');
    await twoD.slips('evening');
    expect(sent.map((s) => s.url)).toEqual(['http://test/api/twod-bet-slips', 'http://test/api/evening-twod-bet-slips']);
    expect(slip).toEqual({
      id: 3,
      slipNo: 'TD20261120K7Q2MX',
      playerName: 'Aung Aung',
      totalBetAmount: '600.00',
      session: 'morning',
      status: 'pending',
      gameDate: '2026-11-20',
      beforeBalance: '2500.00',
      afterBalance: '1900.00',
      bets: [
        { id: 9, betNumber: '05', betAmount: '500.00', winLose: null, potentialPayout: '40000.00' },
        { id: 10, betNumber: '50', betAmount: '100.00', winLose: false, potentialPayout: '8000.00' },
      ],
    });
    const bare = fakeApi({ body: [slipRow, slipRow] });
    await expect(twoDApi(bare.api).slips('evening')).resolves.toHaveLength(2);
  });

  const draw = { date: '2026-11-20', session: 'morning', win_digit: '38', winners: [{ member_name: 'Aung A***', bet_amount: '500.00', win_amount: '40000.00' }] };
  const drawOut = { date: '2026-11-20', session: 'morning', winDigit: '38', winners: [{ memberName: 'Aung A***', betAmount: '500.00', winAmount: '40000.00' }] };

  it('daily winners: one draw with a session, the latest results without', async () => {
    const one = fakeApi(ok(draw));
    await expect(twoDApi(one.api).dailyWinners('2026-11-20', 'morning')).resolves.toEqual({ draw: drawOut, latestResults: [] });
    expect(one.sent[0]!.url).toBe('http://test/api/two-d-daily-winners?date=2026-11-20&session=morning');
    const all = fakeApi(ok({ latest_results: [draw] }));
    await expect(twoDApi(all.api).dailyWinners('2026-11-20')).resolves.toEqual({ draw: null, latestResults: [drawOut] });
    expect(all.sent[0]!.url).toBe('http://test/api/two-d-daily-winners?date=2026-11-20');
    const list = fakeApi({ body: [draw] });
    await expect(twoDApi(list.api).dailyWinners('2026-11-20')).resolves.toEqual({ draw: null, latestResults: [drawOut] });
  });

  it('daily winners failures: status kept, "Failed to fetch winners" when the server says nothing', async () => {
    const cases: Array<[FakeAnswer, object]> = [
      [{ status: 404, body: { status: 'Error has occured...', message: 'No result yet.', data: null } }, { status: 404, message: 'No result yet.' }],
      [{ status: 403, body: {} }, { status: 403, message: 'Failed to fetch winners' }],
      [{ status: 500, body: {} }, { status: 500, message: 'Failed to fetch winners' }],
      [{ body: { status: 'Error has occured...', message: '' } }, { status: 400, message: 'Failed to fetch winners' }],
    ];
    for (const [answer, expected] of cases) {
      const { api } = fakeApi(answer);
      await expect(twoDApi(api).dailyWinners('2026-11-20', 'evening')).rejects.toMatchObject(expected);
    }
  });

  it('holidays, in either naming; the stable key when the server sends one it knows', async () => {
    const { api, sent } = fakeApi(
      ok([
        { date: '2026-12-07', name: "Substitution for H.M. King Bhumibol's Birthday / Father's Day", weekday: 'Monday', key: 'kingBhumibolBirthday', substitute: true },
        { date: '2026-12-10', name: 'Constitution Day', weekday: 'Thursday', key: 'nope' },
        { holiday_date: '2026-12-31', title: "New Year's Eve" },
      ]),
    );
    await expect(twoDApi(api).holidays()).resolves.toEqual([
      { date: '2026-12-07', name: "Substitution for H.M. King Bhumibol's Birthday / Father's Day", weekday: 'Monday', key: 'kingBhumibolBirthday', substitute: true },
      { date: '2026-12-10', name: 'Constitution Day', weekday: 'Thursday', key: null, substitute: false },
      { date: '2026-12-31', name: "New Year's Eve", weekday: '', key: null, substitute: false },
    ]);
    expect(sent[0]!.url).toBe('http://test/api/2d/holidays');
  });

  it('a 401 on a 2D read reaches the session (the client logs out)', async () => {
    let expired = 0;
    const fetch = async () => new Response(JSON.stringify({ message: 'Unauthenticated.' }), { status: 401, headers: { 'content-type': 'application/json' } });
    const api = createApiClient({ baseURL: API_BASE, getToken: () => 'tok', fetch: fetch as typeof globalThis.fetch, onUnauthorized: () => (expired += 1) });
    await expect(twoDApi(api).slips('morning')).rejects.toMatchObject({ status: 401 });
    expect(expired).toBe(1);
  });
});
