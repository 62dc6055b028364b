import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { agentPaymentAccounts, depositRequests, ledger, paymentTypes, withdrawRequests } from '../../server/db/schema';
import { DEMO_PASSWORD, DEMO_USER_NAME, seedDemo } from '../../server/db/seed';
import { decideDeposit, decideWithdrawal } from '../../server/domain/cashier-decisions';
import { manualClock } from '../../server/lib/clock';
import { pooledKinds } from '../support/db';
import { FAILED, OK, UNAUTHENTICATED, expect422, login, registerPlayer, type Player } from './accounts-helpers';
import {
  demoAccounts,
  expectBooksBalanced,
  expectNothingWritten,
  fund,
  gameBalance,
  otherAgent,
  paymentTypeId,
  pngBytes,
  postForm,
  receiptFiles,
  startCashierServer,
  type CashierServer,
} from './cashier-helpers';

const MAX_RECEIPT = 2 * 1024 * 1024;

describe.each(pooledKinds)('cashier (%s)', (kind) => {
  const clock = manualClock('2026-01-05T05:00:00Z');
  let server: CashierServer;
  let accounts: Record<string, number>;
  let other: Awaited<ReturnType<typeof otherAgent>>;
  let refSeq = 100000;
  const ref = () => String(++refSeq);

  beforeAll(async () => {
    server = await startCashierServer(kind, { clock });
    accounts = await demoAccounts(server.database.db);
    other = await otherAgent(server);
  });
  afterAll(async () => {
    await server?.close();
  });

  const db = () => server.database.db;
  const deposit = (token: string, body: unknown, headers?: Record<string, string>) =>
    server.call('POST', '/api/depositfinicial', { token, body, headers });
  const withdraw = (player: Player, body: Record<string, unknown>, headers?: Record<string, string>) =>
    server.call('POST', '/api/withdrawfinicial', { token: player.token, body: { password: player.password, ...body }, headers });
  const kbzDeposit = (overrides: Record<string, unknown> = {}) => ({
    agent_payment_type_id: accounts.KBZPay,
    amount: 5000,
    refrence_no: ref(),
    ...overrides,
  });

  describe('receiving and payout accounts', () => {
    it('GET /banks lists the agent\'s active accounts under both naming variants', async () => {
      const player = await registerPlayer(server);
      const res = await server.call('GET', '/api/banks', { token: player.token });
      expect(res.status).toBe(200);
      expect(res.body.status).toBe(OK);
      const kbzType = await paymentTypeId(db(), 'KBZPay');
      expect(res.body.data).toHaveLength(4);
      expect(res.body.data[0]).toEqual({
        id: accounts.KBZPay,
        name: 'U Kyaw Min',
        no: '09250123456',
        bank_id: kbzType,
        bank_name: 'KBZPay',
        img: '/assets/banks/kbzpay.svg',
        payment_type: 'KBZPay',
        account_name: 'U Kyaw Min',
        account_number: '09250123456',
        image: '/assets/banks/kbzpay.svg',
      });
      expect(res.body.data.map((b: any) => b.bank_name)).toEqual(['KBZPay', 'WavePay', 'AYA Pay', 'CB Pay']);
    });

    it('each player sees only their own agent\'s active accounts', async () => {
      const res = await server.call('GET', '/api/banks', { token: other.player.token });
      expect(res.body.data.map((b: any) => b.id)).toEqual([other.accountId]);
      const typed = await server.call('GET', '/api/agent-payment-type', { token: other.player.token });
      expect(typed.body.data.map((b: any) => b.id)).toEqual([other.accountId]);
    });

    it('hides deactivated accounts and payment types', async () => {
      const player = await registerPlayer(server);
      await db().update(paymentTypes).set({ status: 0 }).where(eq(paymentTypes.name, 'CB Pay'));
      try {
        const res = await server.call('GET', '/api/banks', { token: player.token });
        expect(res.body.data.map((b: any) => b.bank_name)).toEqual(['KBZPay', 'WavePay', 'AYA Pay']);
      } finally {
        await db().update(paymentTypes).set({ status: 1 }).where(eq(paymentTypes.name, 'CB Pay'));
      }
    });

    it('GET /agent-payment-type answers { id, account_no, account_name, payment_type }', async () => {
      const player = await registerPlayer(server);
      const res = await server.call('GET', '/api/agent-payment-type', { token: player.token });
      expect(res.status).toBe(200);
      expect(res.body.data[1]).toEqual({
        id: accounts.WavePay,
        account_no: '09790456123',
        account_name: 'Daw Thida Aye',
        payment_type: { id: await paymentTypeId(db(), 'WavePay'), name: 'WavePay', img: '/assets/banks/wavepay.svg' },
      });
    });

    it('GET /user-payment?all=1 remembers payout accounts from withdrawals, one row per account', async () => {
      const player = await registerPlayer(server);
      expect((await server.call('GET', '/api/user-payment?all=1', { token: player.token })).body.data).toEqual([]);
      await fund(db(), player.id, 100_000);
      const wave = await paymentTypeId(db(), 'WavePay');
      const body = { payment_type_id: wave, account_name: 'Ko Zaw', account_number: '09777000111', amount: 10_000 };
      expect((await withdraw(player, body)).status).toBe(200);
      expect((await withdraw(player, { ...body, account_name: 'Ko Zaw Zaw' })).status).toBe(200);
      const res = await server.call('GET', '/api/user-payment?all=1', { token: player.token });
      expect(res.body.data).toEqual([
        { id: expect.any(Number), payment_type: { id: wave, name: 'WavePay' }, account_name: 'Ko Zaw Zaw', account_no: '09777000111' },
      ]);
    });

    // The existing backend (UserPaymentControler@index: `UserPayment::with('paymentType')
    // ->where('user_id', Auth::id())->latest()->first()`) answers ONE object or null, and the
    // existing site reads `user_payment?.payment_type?.name`, `account_name`, `account_no`.
    it('GET /user-payment answers the latest payout account as one object (null before any), as the existing site reads it', async () => {
      const player = await registerPlayer(server);
      const none = await server.call('GET', '/api/user-payment', { token: player.token });
      expect(none.status).toBe(200);
      expect(none.body).toEqual({ status: OK, message: 'User Payment List', data: null });
      await fund(db(), player.id, 100_000);
      const wave = await paymentTypeId(db(), 'WavePay');
      const kbz = await paymentTypeId(db(), 'KBZPay');
      expect((await withdraw(player, { payment_type_id: wave, account_name: 'Ko Zaw', account_number: '09777000111', amount: 10_000 })).status).toBe(200);
      expect((await withdraw(player, { payment_type_id: kbz, account_name: 'U Zaw', account_number: '0911222333', amount: 10_000 })).status).toBe(200);
      const res = await server.call('GET', '/api/user-payment', { token: player.token });
      expect(Array.isArray(res.body.data)).toBe(false);
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        user_id: player.id,
        payment_type_id: kbz,
        account_name: 'U Zaw',
        account_no: '0911222333',
        updated_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
        payment_type: { id: kbz, name: 'KBZPay' },
      });
      // Another player's request never sees it.
      const other = await registerPlayer(server);
      expect((await server.call('GET', '/api/user-payment', { token: other.token })).body.data).toBeNull();
    });

    it('every cashier route needs a token', async () => {
      const paths = [
        ['GET', '/api/banks'],
        ['GET', '/api/agent-payment-type'],
        ['GET', '/api/user-payment'],
        ['POST', '/api/depositfinicial'],
        ['POST', '/api/withdrawfinicial'],
        ['GET', '/api/depositlogfinicial'],
        ['GET', '/api/withdrawlogfinicial'],
        ['GET', '/api/transaction/deposit-requestlog'],
        ['GET', '/api/transaction/withdraw-requestlog'],
      ];
      for (const [method, path] of paths) {
        const res = await server.call(method!, path!, { token: 'not-a-token' });
        expect(res.status, path).toBe(401);
        expect(res.body).toEqual(UNAUTHENTICATED);
      }
    });
  });

  describe('POST /depositfinicial', () => {
    it('records a pending request from JSON; no money moves', async () => {
      const player = await registerPlayer(server);
      const reference = ref();
      const res = await deposit(player.token, { agent_payment_type_id: accounts.KBZPay, amount: 5000, refrence_no: reference });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.message).toBe('Deposit Request Success');
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        user_id: player.id,
        agent_payment_type_id: accounts.KBZPay,
        user_payment_id: accounts.KBZPay,
        amount: '5000.00',
        refrence_no: reference,
        receipt: null,
        payment_type: 'KBZPay',
        account_name: 'U Kyaw Min',
        account_number: '09250123456',
        status: 0,
        note: null,
        datetime: '2026-01-05 11:30:00',
        created_at: '2026-01-05T05:00:00.000Z',
      });
      const [row] = await db().select().from(depositRequests).where(eq(depositRequests.id, res.body.data.id));
      expect(row).toMatchObject({ userId: player.id, amount: 500_000n, status: 0, receipt: null });
      expect(await gameBalance(db(), player.id)).toBe(0n);
      expect(await db().select().from(ledger).where(eq(ledger.userId, player.id))).toEqual([]);
    });

    it('takes multipart with a real PNG receipt, stored outside the database under a random name', async () => {
      const player = await registerPlayer(server);
      const png = pngBytes();
      const res = await postForm(server, '/api/depositfinicial', player.token, {
        agent_payment_type_id: String(accounts['AYA Pay']),
        amount: '၁၀၀၀၀', // Burmese digits
        refrence_no: '၁၂၃၄၅၆',
        receipt: new Blob([png], { type: 'application/octet-stream' }),
      }, 'photo.jpeg');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ amount: '10000.00', refrence_no: '123456', payment_type: 'AYA Pay' });
      const name: string = res.body.data.receipt;
      expect(name).toMatch(/^[a-f0-9]{32}\.png$/); // named by its bytes, not by "photo.jpeg"
      expect(await receiptFiles(server.uploadDir)).toContain(name);
      expect(new Uint8Array(await readFile(join(server.uploadDir, 'receipts', name)))).toEqual(png);
    });

    it('treats an empty file input as no receipt', async () => {
      const player = await registerPlayer(server);
      const files = await receiptFiles(server.uploadDir);
      const res = await postForm(server, '/api/depositfinicial', player.token, {
        agent_payment_type_id: String(accounts.KBZPay),
        amount: '2000',
        refrence_no: ref(),
        receipt: new Blob([]),
      }, '');
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data.receipt).toBeNull();
      expect(await receiptFiles(server.uploadDir)).toEqual(files);
    });

    const badInputs: [string, Record<string, unknown>, Record<string, string[]>][] = [
      ['negative amount', { amount: -5000 }, { amount: ['The amount field must be at least 1000.'] }],
      ['zero amount', { amount: 0 }, { amount: ['The amount field must be at least 1000.'] }],
      ['amount below the minimum', { amount: 999 }, { amount: ['The amount field must be at least 1000.'] }],
      ['fractional amount', { amount: 1000.5 }, { amount: ['The amount field must be an integer.'] }],
      ['huge amount', { amount: 1e20 }, { amount: ['The amount field must not be greater than 100000000.'] }],
      ['non-numeric amount', { amount: 'abc' }, { amount: ['The amount field must be an integer.'] }],
      ['boolean amount', { amount: true }, { amount: ['The amount field must be an integer.'] }],
      ['unknown account', { agent_payment_type_id: 999_999 }, { agent_payment_type_id: ['The selected payment method is invalid.'] }],
      ['non-numeric account', { agent_payment_type_id: 'kbz' }, { agent_payment_type_id: ['The selected payment method is invalid.'] }],
      ['5-digit reference', { refrence_no: '12345' }, { refrence_no: ['The reference number field must be 6 digits.'] }],
      ['7-digit reference', { refrence_no: '1234567' }, { refrence_no: ['The reference number field must be 6 digits.'] }],
      ['letters in the reference', { refrence_no: '12ab56' }, { refrence_no: ['The reference number field must be 6 digits.'] }],
    ];
    it.each(badInputs)('422 for a %s, and writes nothing', async (_label, override, errors) => {
      const player = await registerPlayer(server);
      await expectNothingWritten(server, async () => {
        expect422(await deposit(player.token, kbzDeposit(override)), errors);
      });
    });

    it('422 with every missing field, and writes nothing', async () => {
      const player = await registerPlayer(server);
      await expectNothingWritten(server, async () => {
        const res = await deposit(player.token, {});
        expect422(res, {
          agent_payment_type_id: ['The payment method field is required.'],
          amount: ['The amount field is required.'],
          refrence_no: ['The reference number field is required.'],
        });
        expect(res.body.message).toBe('The payment method field is required. (and 2 more errors)');
      });
    });

    it('refuses another agent\'s account and an inactive one', async () => {
      const player = await registerPlayer(server);
      await expectNothingWritten(server, async () => {
        const invalid = { agent_payment_type_id: ['The selected payment method is invalid.'] };
        expect422(await deposit(player.token, kbzDeposit({ agent_payment_type_id: other.accountId })), invalid);
        expect422(await deposit(other.player.token, kbzDeposit({ agent_payment_type_id: other.inactiveAccountId })), invalid);
        expect422(await deposit(other.player.token, kbzDeposit({ agent_payment_type_id: accounts.KBZPay })), invalid);
      });
    });

    it('refuses a text file named .png, and stores nothing', async () => {
      const player = await registerPlayer(server);
      await expectNothingWritten(server, async () => {
        const res = await postForm(server, '/api/depositfinicial', player.token, {
          agent_payment_type_id: String(accounts.KBZPay),
          amount: '5000',
          refrence_no: ref(),
          receipt: new Blob(['this is not an image, just text'], { type: 'image/png' }),
        }, 'receipt.png');
        expect422(res, { receipt: ['The receipt field must be a file of type: jpg, png, webp.'] });
      });
    });

    it('refuses a receipt that is not a file', async () => {
      const player = await registerPlayer(server);
      await expectNothingWritten(server, async () => {
        expect422(await deposit(player.token, kbzDeposit({ receipt: 'data:image/png;base64,AAAA' })), {
          receipt: ['The receipt field must be a file.'],
        });
      });
    });

    it('refuses an oversize receipt (422 just over the limit, 413 far over it), and stores nothing', async () => {
      const player = await registerPlayer(server);
      await expectNothingWritten(server, async () => {
        const fields = { agent_payment_type_id: String(accounts.KBZPay), amount: '5000', refrence_no: ref() };
        const over = await postForm(server, '/api/depositfinicial', player.token, { ...fields, receipt: new Blob([pngBytes(MAX_RECEIPT + 1)]) });
        expect422(over, { receipt: ['The receipt field must not be greater than 2048 kilobytes.'] });
        const huge = await postForm(server, '/api/depositfinicial', player.token, { ...fields, receipt: new Blob([pngBytes(3 * MAX_RECEIPT)]) });
        expect(huge.status).toBe(413);
        expect(huge.body).toEqual({ status: FAILED, message: 'The request body is too large.', data: null });
      });
      const atLimit = await postForm(server, '/api/depositfinicial', player.token, {
        agent_payment_type_id: String(accounts.KBZPay),
        amount: '5000',
        refrence_no: ref(),
        receipt: new Blob([pngBytes(MAX_RECEIPT)]),
      });
      expect(atLimit.status).toBe(200);
    });

    it('409 when the same reference is already pending on that account; free again once decided', async () => {
      const player = await registerPlayer(server);
      const body = kbzDeposit();
      const first = await deposit(player.token, body);
      expect(first.status).toBe(200);
      await expectNothingWritten(server, async () => {
        const again = await postForm(server, '/api/depositfinicial', player.token, {
          agent_payment_type_id: String(body.agent_payment_type_id),
          amount: '7000',
          refrence_no: body.refrence_no as string,
          receipt: new Blob([pngBytes()]),
        });
        expect(again.status).toBe(409);
        expect(again.body).toEqual({ status: FAILED, message: 'This reference number is already waiting for approval on this account.', data: null });
      });
      // Another account may carry the same reference.
      expect((await deposit(player.token, { ...body, agent_payment_type_id: accounts.WavePay })).status).toBe(200);
      await decideDeposit(db(), { id: first.body.data.id, decision: 'reject', note: null, now: clock.now() });
      expect((await deposit(player.token, body)).status).toBe(200);
    });

    it('lets exactly one of several racing requests with the same reference through', async () => {
      const player = await registerPlayer(server);
      const body = kbzDeposit();
      const results = await Promise.all(Array.from({ length: 4 }, () => deposit(player.token, body)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409]);
      const rows = await db().select().from(depositRequests).where(eq(depositRequests.refrenceNo, body.refrence_no as string));
      expect(rows).toHaveLength(1);
    });

    it('answers a repeated Idempotency-Key with the first answer and keeps one row and one file', async () => {
      const player = await registerPlayer(server);
      const headers = { 'idempotency-key': `dep-${player.id}` };
      const form = { agent_payment_type_id: String(accounts.KBZPay), amount: '3000', refrence_no: ref() };
      const send = () =>
        fetch(`${server.url}/api/depositfinicial`, {
          method: 'POST',
          headers: { authorization: `Bearer ${player.token}`, ...headers },
          body: Object.entries({ ...form, receipt: new Blob([pngBytes()]) }).reduce((f, [k, v]) => {
            if (typeof v === 'string') f.append(k, v);
            else f.append(k, v, 'r.png');
            return f;
          }, new FormData()),
        });
      const filesBefore = (await receiptFiles(server.uploadDir)).length;
      const first = await send();
      const second = await send();
      expect(second.status).toBe(200);
      expect(second.headers.get('idempotent-replayed')).toBe('true');
      expect(await second.json()).toEqual(await first.json());
      const rows = await db().select().from(depositRequests).where(eq(depositRequests.userId, player.id));
      expect(rows).toHaveLength(1);
      expect((await receiptFiles(server.uploadDir)).length).toBe(filesBefore + 1);
    });
  });

  describe('POST /withdrawfinicial', () => {
    const wavePayout = async () => ({
      payment_type_id: await paymentTypeId(db(), 'WavePay'),
      account_name: 'Ma Hla Hla',
      account_number: '09777123456',
      amount: 20_000,
    });

    it('holds the amount from the game balance with a ledger row, in one go', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 50_000);
      const res = await withdraw(player, await wavePayout());
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.status).toBe(OK);
      expect(res.body.message).toBe('Withdraw Request Success');
      expect(res.body.data).toEqual({
        id: expect.any(Number),
        user_id: player.id,
        payment_type_id: await paymentTypeId(db(), 'WavePay'),
        payment_type: 'WavePay',
        account_name: 'Ma Hla Hla',
        account_number: '09777123456',
        amount: '20000.00',
        status: 0,
        note: null,
        datetime: '2026-01-05 11:30:00',
        created_at: '2026-01-05T05:00:00.000Z',
      });
      expect(await gameBalance(db(), player.id)).toBe(3_000_000n);
      const [hold] = await db().select().from(ledger).where(and(eq(ledger.userId, player.id), eq(ledger.kind, 'withdraw_hold')));
      expect(hold).toMatchObject({
        wallet: 'game',
        amount: -2_000_000n,
        balanceBefore: 5_000_000n,
        balanceAfter: 3_000_000n,
        reference: `withdraw_request:${res.body.data.id}`,
      });
      await expectBooksBalanced(db(), player.id);
      const me = await server.call('GET', '/api/user', { token: player.token });
      expect(me.body.data.balance).toBe('30000.00');
    });

    it('normalises Burmese digits in the account number and amount', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 20_000);
      const res = await withdraw(player, { ...(await wavePayout()), account_number: '၀၉၇၇၇၁၂၃၄၅၆', amount: '၁၀၀၀၀' });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body.data).toMatchObject({ account_number: '09777123456', amount: '10000.00' });
    });

    it('422 "Your password is wrong!" and nothing moves', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 50_000);
      await expectNothingWritten(server, async () => {
        expect422(await withdraw(player, { ...(await wavePayout()), password: 'not-my-password' }), {
          password: ['Your password is wrong!'],
        });
      });
      expect(await gameBalance(db(), player.id)).toBe(5_000_000n);
    });

    it('400 "Insufficient Balance" naming the game balance and the minimum withdrawal, and nothing is written', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 15_000);
      await expectNothingWritten(server, async () => {
        const res = await withdraw(player, await wavePayout());
        expect(res.status).toBe(400);
        expect(res.body).toEqual({ status: FAILED, message: 'Insufficient Balance: you have 15,000 Ks in the game wallet, and the minimum withdrawal is 10,000 Ks.', data: null });
        expect(res.refusal).toEqual({ code: 'cashier.withdraw_short', params: { available: '15,000', minimum: '10,000' } });
      });
    });

    it('a short withdrawal is refused in Burmese with the same figures', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 15_000);
      const res = await server.call('POST', '/api/withdrawfinicial', {
        token: player.token,
        headers: { 'X-Lang': 'mm' },
        body: { ...(await wavePayout()), account_name: 'Ko Ko', account_number: '09123456', amount: 20_000, password: player.password },
      });
      expect(res.status).toBe(400);
      expect(res.refusal).toEqual({ code: 'cashier.withdraw_short', params: { available: '15,000', minimum: '10,000' } });
      expect(res.body.message).toBe('လက်ကျန်ငွေ မလုံလောက်ပါ။ ဂိမ်း ပိုက်ဆံအိတ်တွင် 15,000 ကျပ် ရှိပြီး အနည်းဆုံး ငွေထုတ်ပမာဏမှာ 10,000 ကျပ် ဖြစ်ပါသည်။');
    });

    it('422 with every missing field', async () => {
      const player = await registerPlayer(server);
      await expectNothingWritten(server, async () => {
        const res = await server.call('POST', '/api/withdrawfinicial', { token: player.token, body: {} });
        expect422(res, {
          payment_type_id: ['The payment method field is required.'],
          account_name: ['The account name field is required.'],
          account_number: ['The account number field is required.'],
          amount: ['The amount field is required.'],
          password: ['The password field is required.'],
        });
      });
    });

    const badPayouts: [string, Record<string, unknown>, Record<string, string[]>][] = [
      ['unknown payment type', { payment_type_id: 999_999 }, { payment_type_id: ['The selected payment method is invalid.'] }],
      ['amount below 10000', { amount: 9999 }, { amount: ['The amount field must be at least 10000.'] }],
      ['negative amount', { amount: -20_000 }, { amount: ['The amount field must be at least 10000.'] }],
      ['fractional amount', { amount: 10_000.25 }, { amount: ['The amount field must be an integer.'] }],
      ['huge amount', { amount: 100_000_001 }, { amount: ['The amount field must not be greater than 100000000.'] }],
      ['account number with letters', { account_number: '0977abc456' }, { account_number: ['The account number field must be between 6 and 20 digits.'] }],
      ['short account number', { account_number: '12345' }, { account_number: ['The account number field must be between 6 and 20 digits.'] }],
      ['long account number', { account_number: '1'.repeat(21) }, { account_number: ['The account number field must be between 6 and 20 digits.'] }],
      ['long account name', { account_name: 'x'.repeat(101) }, { account_name: ['The account name field must not be greater than 100 characters.'] }],
    ];
    it.each(badPayouts)('422 for a %s, and nothing moves', async (_label, override, errors) => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 50_000);
      await expectNothingWritten(server, async () => {
        expect422(await withdraw(player, { ...(await wavePayout()), ...override }), errors);
      });
    });

    it('refuses a deactivated payment type', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 50_000);
      await db().update(paymentTypes).set({ status: 0 }).where(eq(paymentTypes.name, 'CB Pay'));
      try {
        await expectNothingWritten(server, async () => {
          expect422(await withdraw(player, { ...(await wavePayout()), payment_type_id: await paymentTypeId(db(), 'CB Pay') }), {
            payment_type_id: ['The selected payment method is invalid.'],
          });
        });
      } finally {
        await db().update(paymentTypes).set({ status: 1 }).where(eq(paymentTypes.name, 'CB Pay'));
      }
    });

    it('holds once for a repeated Idempotency-Key', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 50_000);
      const headers = { 'idempotency-key': `wd-${player.id}` };
      const body = await wavePayout();
      const [a, b] = await Promise.all([withdraw(player, body, headers), withdraw(player, body, headers)]);
      const statuses = [a.status, b.status].sort();
      // The second either replays the answer or, if still in flight, is told so (nothing moves twice).
      expect(statuses[0]).toBe(200);
      expect([200, 409]).toContain(statuses[1]);
      const third = await withdraw(player, body, headers);
      expect(third.status).toBe(200);
      expect(third.headers.get('idempotent-replayed')).toBe('true');
      expect(await db().select().from(withdrawRequests).where(eq(withdrawRequests.userId, player.id))).toHaveLength(1);
      expect(await gameBalance(db(), player.id)).toBe(3_000_000n);
      await expectBooksBalanced(db(), player.id);
    });

    it('concurrent withdrawals never take the balance below zero', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 50_000);
      const body = await wavePayout();
      const results = await Promise.all(Array.from({ length: 4 }, () => withdraw(player, body)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 200, 400, 400]);
      expect(await gameBalance(db(), player.id)).toBe(1_000_000n);
      await expectBooksBalanced(db(), player.id);
    });
  });

  describe('logs', () => {
    it('deposit and withdraw logs: own rows, newest first, Yangon time, statuses in words', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 100_000);
      const ids: number[] = [];
      for (let i = 0; i < 3; i++) {
        clock.advance(60_000);
        ids.push((await deposit(player.token, kbzDeposit({ amount: 1000 * (i + 1) }))).body.data.id);
      }
      await decideDeposit(db(), { id: ids[0]!, decision: 'approve', note: null, now: clock.now() });
      await decideDeposit(db(), { id: ids[1]!, decision: 'reject', note: 'no such transfer', now: clock.now() });
      const wave = await paymentTypeId(db(), 'WavePay');
      const w1 = await withdraw(player, { payment_type_id: wave, account_name: 'Ma Hla', account_number: '09777123456', amount: 10_000 });
      await decideWithdrawal(db(), { id: w1.body.data.id, decision: 'approve', note: null, now: clock.now() });
      await deposit(other.player.token, { agent_payment_type_id: other.accountId, amount: 1000, refrence_no: ref() });

      const log = await server.call('GET', '/api/depositlogfinicial', { token: player.token });
      expect(log.status).toBe(200);
      expect(log.body.data).toEqual([
        { id: ids[2], datetime: '2026-01-05 11:33:00', payment_type: 'KBZPay', account_name: 'U Kyaw Min', account_number: '09250123456', amount: '3000.00', status: 'Pending' },
        { id: ids[1], datetime: '2026-01-05 11:32:00', payment_type: 'KBZPay', account_name: 'U Kyaw Min', account_number: '09250123456', amount: '2000.00', status: 'Reject' },
        { id: ids[0], datetime: '2026-01-05 11:31:00', payment_type: 'KBZPay', account_name: 'U Kyaw Min', account_number: '09250123456', amount: '1000.00', status: 'Success' },
      ]);
      const wlog = await server.call('GET', '/api/withdrawlogfinicial', { token: player.token });
      expect(wlog.body.data).toEqual([
        { id: w1.body.data.id, datetime: '2026-01-05 11:33:00', payment_type: 'WavePay', account_name: 'Ma Hla', account_number: '09777123456', amount: '10000.00', status: 'Success' },
      ]);
    });

    it('request logs are paginated 10 per page with numeric statuses', async () => {
      const player = await registerPlayer(server);
      const ids: number[] = [];
      for (let i = 0; i < 12; i++) ids.push((await deposit(player.token, kbzDeposit({ amount: 1000 + i }))).body.data.id);
      await decideDeposit(db(), { id: ids[11]!, decision: 'approve', note: null, now: clock.now() });
      await decideDeposit(db(), { id: ids[10]!, decision: 'reject', note: null, now: clock.now() });

      const first = await server.call('GET', '/api/transaction/deposit-requestlog', { token: player.token });
      expect(first.status).toBe(200);
      const page = first.body.data;
      expect(page).toMatchObject({ current_page: 1, per_page: 10, total: 12, last_page: 2 });
      expect(page.next_page_url).toBe(`${server.url}/api/transaction/deposit-requestlog?page=2`);
      expect(page.data).toHaveLength(10);
      expect(page.data.map((r: any) => r.status).slice(0, 3)).toEqual([1, 2, 0]);
      expect(page.data[0]).toMatchObject({
        id: ids[11],
        status: 1,
        amount: '1011.00',
        user_payment_id: accounts.KBZPay,
        refrence_no: expect.stringMatching(/^\d{6}$/),
        payment_type: 'KBZPay',
        account_name: 'U Kyaw Min',
        account_number: '09250123456',
        created_at: expect.any(String),
      });
      const second = await server.call('GET', '/api/transaction/deposit-requestlog?page=2', { token: player.token });
      expect(second.body.data.data.map((r: any) => r.id)).toEqual([ids[1], ids[0]]);
      expect(second.body.data.next_page_url).toBeNull();
    });

    it('withdraw request log shows the payout account and status', async () => {
      const player = await registerPlayer(server);
      await fund(db(), player.id, 30_000);
      const wave = await paymentTypeId(db(), 'WavePay');
      const w = await withdraw(player, { payment_type_id: wave, account_name: 'Ma Hla', account_number: '09777123456', amount: 10_000 });
      await decideWithdrawal(db(), { id: w.body.data.id, decision: 'reject', note: null, now: clock.now() });
      const res = await server.call('GET', '/api/transaction/withdraw-requestlog?page=1', { token: player.token });
      expect(res.body.data).toMatchObject({ current_page: 1, per_page: 10, total: 1 });
      expect(res.body.data.data).toEqual([
        expect.objectContaining({ id: w.body.data.id, status: 2, amount: '10000.00', payment_type: 'WavePay', account_name: 'Ma Hla', account_number: '09777123456' }),
      ]);
      const empty = await server.call('GET', '/api/transaction/withdraw-requestlog', { token: other.player.token });
      expect(empty.body.data).toMatchObject({ total: 0, data: [] });
    });
  });

  describe('demo data', () => {
    it('seeds four payment types with logos and a receiving account on each, idempotently', async () => {
      await Promise.all([seedDemo(db()), seedDemo(db())]);
      const types = await db().select().from(paymentTypes);
      expect(types.map((t) => [t.name, t.img])).toEqual([
        ['KBZPay', '/assets/banks/kbzpay.svg'],
        ['WavePay', '/assets/banks/wavepay.svg'],
        ['AYA Pay', '/assets/banks/ayapay.svg'],
        ['CB Pay', '/assets/banks/cbpay.svg'],
      ]);
      for (const t of types) {
        const svg = await readFile(join('public', t.img), 'utf8');
        expect(svg.length).toBeLessThanOrEqual(2048);
        expect(svg).toMatch(/^<svg[^>]+viewBox="0 0 128 128"/);
      }
      const demo = await demoAccounts(db());
      expect(Object.keys(demo)).toHaveLength(4);
      const rows = await db().select().from(agentPaymentAccounts);
      expect(rows).toHaveLength(6); // four demo accounts, two of the other agent
      const res = await login(server, DEMO_USER_NAME, DEMO_PASSWORD);
      const banks = await server.call('GET', '/api/banks', { token: res.body.data.token });
      expect(banks.body.data.map((b: any) => b.no)).toEqual(['09250123456', '09790456123', '09451234567', '09420987654']);
    });
  });
});
