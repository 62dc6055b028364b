import { describe, expect, it } from 'vitest';
import { languageFromTelegram } from '../../shared/languages';
import { safeReturnTo } from '../../src/lib/return-to';

describe('first-run language from Telegram language_code (issue 12 item 5)', () => {
  it.each([
    ['my', 'mm'],
    ['MY', 'mm'],
    ['zh', 'zh'],
    ['zh-hans', 'zh'],
    ['zh-TW', 'zh'],
    ['th', 'th'],
    ['th-TH', 'th'],
    ['en', 'en'],
    ['en-GB', 'en'],
    ['ru', 'en'],
    ['', 'en'],
    [null, 'en'],
  ])('%s → %s', (code, lng) => expect(languageFromTelegram(code)).toBe(lng));
});

describe('returnTo after /login stays on this site', () => {
  it.each([
    ['?returnTo=%2Fwallet', '/wallet'],
    ['?returnTo=%2F2d%2Fconfirm%3Ftime%3D2', '/2d/confirm?time=2'],
    ['?returnTo=%2F%2Fevil.example', null],
    ['?returnTo=%2F%5Cevil.example', null],
    ['?returnTo=https%3A%2F%2Fevil.example', null],
    ['?returnTo=%2F%09%2Fevil.example', null],
    ['?returnTo=%2Flogin%3FreturnTo%3D%2Fwallet', null],
    ['?returnTo=javascript%3Aalert(1)', null],
    ['', null],
  ])('%s → %s', (search, to) => expect(safeReturnTo(search)).toBe(to));
});
