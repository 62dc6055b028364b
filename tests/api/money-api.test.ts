import { describe, expect, it } from 'vitest';
import { cashierApi } from '../../src/api/cashier';
import { ApiError, createApiClient, OK_STATUS } from '../../src/api/client';
import { walletApi } from '../../src/api/wallet';

interface Sent {
  method: string;
  url: string;
  headers: Headers;
  body: unknown;
}

/** An api client over a fake fetch answering `status` and `body`; records what was sent. */
function fakeApi(answer: { status?: number; body: unknown }) {
  const sent: Sent[] = [];
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}) => {
    sent.push({ method: init.method ?? 'GET', url: String(input), headers: new Headers(init.headers), body: init.body });
    return new Response(JSON.stringify(answer.body), { status: answer.status ?? 200, headers: { 'content-type': 'application/json' } });
  };
  const api = createApiClient({ baseURL: 'http://test/api', getToken: () => 'tok', fetch: fetch as typeof globalThis.fetch });
  return { api, sent };
}

const paginator = (data: unknown[], page = 2, last = 3, total = 31) => ({
  status: OK_STATUS,
  message: null,
  data: { current_page: page, data, per_page: 15, total, last_page: last, links: [] },
});

describe('walletApi', () => {
  it('posts an exchange with its Idempotency-Key and resolves the server message', async () => {
    const { api, sent } = fakeApi({ body: { status: OK_STATUS, message: 'successfully exchange balance', data: {} } });
    await expect(walletApi(api).exchange({ direction: 'gameToMain', amount: 5000, key: 'k-1' })).resolves.toEqual({
      message: 'successfully exchange balance',
    });
    expect(sent[0]).toMatchObject({ method: 'POST', url: 'http://test/api/exchange-game-to-main', body: '{"amount":5000}' });
    expect(sent[0]!.headers.get('idempotency-key')).toBe('k-1');
    expect(sent[0]!.headers.get('authorization')).toBe('Bearer tok');
  });

  it("refuses with the server's message, or 'Exchange failed!' when there is none", async () => {
    const refused = fakeApi({ status: 400, body: { status: 'Error has occured...', message: 'You do not have enough balance to transfer' } });
    await expect(walletApi(refused.api).exchange({ direction: 'mainToGame', amount: 1, key: 'k' })).rejects.toMatchObject({
      status: 400,
      message: 'You do not have enough balance to transfer',
    });
    const bare = fakeApi({ status: 500, body: {} });
    await expect(walletApi(bare.api).exchange({ direction: 'mainToGame', amount: 1, key: 'k' })).rejects.toMatchObject({
      status: 500,
      message: 'Exchange failed!',
    });
    const legacy = fakeApi({ body: { status: 'Error has occured...', message: '' } });
    const error = await walletApi(legacy.api).exchange({ direction: 'mainToGame', amount: 1, key: 'k' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, message: 'Exchange failed!' });
  });

  it('reads the Laravel paginator and its legacy variants as one page shape', async () => {
    const row = { id: 1, amount: '500.00', type: 'mainBalanceToGaming', created_at: '2026-11-21T05:00:00.000Z' };
    const paged = fakeApi({ body: paginator([row]) });
    await expect(walletApi(paged.api).exchangeLog(2)).resolves.toEqual({ items: [row], page: 2, lastPage: 3, total: 31 });
    expect(paged.sent[0]!.url).toBe('http://test/api/exchange-transactions-log?page=2');
    const nested = fakeApi({ body: { data: { data: [row] } } });
    await expect(walletApi(nested.api).transactions()).resolves.toEqual({ items: [row], page: 1, lastPage: 1, total: 1 });
    const bare = fakeApi({ body: [row, row] });
    await expect(walletApi(bare.api).transactions()).resolves.toMatchObject({ page: 1, lastPage: 1, total: 2 });
    const none = fakeApi({ body: { status: OK_STATUS, message: null, data: null } });
    await expect(walletApi(none.api).exchangeLog()).resolves.toEqual({ items: [], page: 1, lastPage: 1, total: 0 });
  });
});

describe('cashierApi', () => {
  it('reads both naming variants of /banks, as a list or { data: list }', async () => {
    const legacy = { id: 3, name: 'U Kyaw', no: '0912', bank_id: 1, bank_name: 'KBZ Pay', img: '/assets/kbz.png' };
    const named = { id: 4, payment_type: 'Wave Money', account_name: 'Daw Hla', account_number: '', image: '/assets/wave.png', payment_type_id: 2 };
    const { api } = fakeApi({ body: { status: OK_STATUS, message: null, data: [legacy, named] } });
    await expect(cashierApi(api).banks()).resolves.toEqual([
      { id: 3, accountName: 'U Kyaw', accountNumber: '0912', paymentTypeId: 1, paymentTypeName: 'KBZ Pay', img: '/assets/kbz.png' },
      { id: 4, accountName: 'Daw Hla', accountNumber: '', paymentTypeId: 2, paymentTypeName: 'Wave Money', img: '/assets/wave.png' },
    ]);
    const bare = fakeApi({ body: [legacy] });
    await expect(cashierApi(bare.api).banks()).resolves.toHaveLength(1);
  });

  it('sends a deposit as JSON, or multipart with the receipt, always with the key', async () => {
    const ok = { body: { status: OK_STATUS, message: 'Deposit Request Success', data: {} } };
    const json = fakeApi(ok);
    const input = { agent_payment_type_id: 3, amount: 10000, refrence_no: '123456', key: 'd-1' };
    await expect(cashierApi(json.api).deposit({ ...input, receipt: null })).resolves.toEqual({ message: 'Deposit Request Success' });
    expect(JSON.parse(json.sent[0]!.body as string)).toEqual({ agent_payment_type_id: 3, amount: 10000, refrence_no: '123456' });
    expect(json.sent[0]!.headers.get('idempotency-key')).toBe('d-1');

    const multipart = fakeApi(ok);
    const receipt = new File([new Uint8Array([0xff, 0xd8, 0xff])], 'r.jpg', { type: 'image/jpeg' });
    await cashierApi(multipart.api).deposit({ ...input, receipt });
    const form = multipart.sent[0]!.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect([form.get('agent_payment_type_id'), form.get('amount'), form.get('refrence_no')]).toEqual(['3', '10000', '123456']);
    expect((form.get('receipt') as File).name).toBe('r.jpg');
    expect(multipart.sent[0]!.headers.get('idempotency-key')).toBe('d-1');
  });

  it('posts a withdrawal without the key in the body and passes 422 field errors on', async () => {
    const { api, sent } = fakeApi({ status: 422, body: { message: 'Your password is wrong!', errors: { password: ['Your password is wrong!'] } } });
    const request = { payment_type_id: 2, account_name: 'Aung', account_number: '0945', amount: 10000, password: 'x', key: 'w-1' };
    await expect(cashierApi(api).withdraw(request)).rejects.toMatchObject({ status: 422, fieldErrors: { password: 'Your password is wrong!' } });
    expect(JSON.parse(sent[0]!.body as string)).not.toHaveProperty('key');
    expect(sent[0]!.headers.get('idempotency-key')).toBe('w-1');
  });

  it('normalises saved payout accounts, log rows and request pages', async () => {
    const saved = fakeApi({ body: { data: [{ id: 9, payment_type: { id: 2, name: 'Wave Money' }, account_name: 'Aung', account_no: '0945' }] } });
    await expect(cashierApi(saved.api).userPayments()).resolves.toEqual([
      { id: 9, paymentTypeId: 2, paymentTypeName: 'Wave Money', accountName: 'Aung', accountNumber: '0945' },
    ]);
    // Our site asks for every saved account (`all=1`); the bare path answers the legacy single object.
    expect(saved.sent[0]!.url).toBe('http://test/api/user-payment?all=1');
    const at = '2026-11-21 11:30:00';
    const logRow = { id: 1, datetime: at, payment_type: 'KBZ Pay', account_name: 'U Kyaw', account_number: '0912', amount: 1000, status: 'Pending' };
    const log = fakeApi({ body: { data: [logRow] } });
    await expect(cashierApi(log.api).depositLog()).resolves.toEqual([
      { id: 1, datetime: at, paymentType: 'KBZ Pay', accountName: 'U Kyaw', accountNumber: '0912', amount: '1000.00', status: 'Pending' },
    ]);
    const created = '2026-11-21T05:00:00.000Z';
    const requests = fakeApi({ body: paginator([{ id: 7, status: '1', created_at: created, amount: '5000.00', refrence_no: '123456' }], 1, 1, 1) });
    const page = await cashierApi(requests.api).depositRequests(1);
    expect(page).toMatchObject({ page: 1, lastPage: 1, total: 1 });
    expect(page.items).toEqual([{ id: 7, status: 1, createdAt: created, amount: '5000.00', refrenceNo: '123456' }]);
    expect(requests.sent[0]!.url).toBe('http://test/api/transaction/deposit-requestlog?page=1');
  });
});
