import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { ApiError } from '../../src/api/client';
import { wordRefusal, type RefusalCatalogue } from '../../shared/refusal-words';
import { fakeApi } from './fake-api';

const mm = JSON.parse(readFileSync('locales/refusals/mm.json', 'utf8')) as RefusalCatalogue;
const speakMm = (r: { code: string; params?: Record<string, string | number> }) => wordRefusal(mm, r);

/** The site sends its language and words coded refusals from the locale files (issue 13 item 1). */
describe('refusals in the api client', () => {
  it('sends the reader’s language with every call', async () => {
    const { api, sent } = fakeApi({ body: { status: 'ok', data: null } }, { getLanguage: () => 'mm' });
    await api.request('/user');
    expect(sent[0]!.headers.get('x-lang')).toBe('mm');
  });

  it('words a coded refusal from its code, whatever language the server used', async () => {
    const { api } = fakeApi({ status: 400, body: { status: 'Error has occured...', message: 'You do not have enough balance to transfer', data: null, code: 'wallet.not_enough' } }, { speak: speakMm });
    const err = (await api.request('/exchange-main-to-game', { method: 'POST' }).catch((e) => e)) as ApiError;
    expect(err.message).toBe('လွှဲပြောင်းရန် လက်ကျန်ငွေ မလုံလောက်ပါ။');
    expect(err.toInfo()).toMatchObject({ status: 400, code: 'wallet.not_enough' });
  });

  it('words each field of a 422 from error_codes, with the field label', async () => {
    const body = {
      message: 'The refrence no field is required.',
      errors: { refrence_no: ['The refrence no field is required.'], amount: ['The amount field must be at least 1000.'] },
      code: 'validation.invalid',
      error_codes: { refrence_no: [{ code: 'field.required', params: { field: 'refrence_no' } }], amount: [{ code: 'field.min', params: { field: 'amount', min: 1000 } }] },
    };
    const { api } = fakeApi({ status: 422, body }, { speak: speakMm });
    const err = (await api.request('/depositfinicial', { method: 'POST' }).catch((e) => e)) as ApiError;
    expect(err.fieldErrors).toEqual({ refrence_no: 'ငွေလွှဲ အမှတ်စဉ် ထည့်ရန် လိုအပ်ပါသည်။', amount: 'ပမာဏ သည် အနည်းဆုံး 1000 ဖြစ်ရပါမည်။' });
  });

  it('keeps the server’s words for an unknown code or before the words are loaded', async () => {
    const body = { status: 'Error has occured...', message: 'ဆာဗာ စာ', data: null, code: 'something.new' };
    const known = fakeApi({ status: 409, body }, { speak: speakMm });
    expect(((await known.api.request('/x').catch((e) => e)) as ApiError).message).toBe('ဆာဗာ စာ');
    const notLoaded = fakeApi({ status: 409, body: { ...body, code: 'wallet.not_enough' } }, { speak: () => null });
    expect(((await notLoaded.api.request('/x').catch((e) => e)) as ApiError).message).toBe('ဆာဗာ စာ');
  });
});
