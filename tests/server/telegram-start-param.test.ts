import { describe, expect, it } from 'vitest';
import { START_PAGE_PATHS, parseStartParam } from '../../shared/start-param';
import { NOTICE_PAGES } from '../../server/domain/telegram/notices';

/** The start parameter grammar (docs/telegram.md): ref_<CODE>[__<page>] or <page>. */
describe('start parameter', () => {
  it('reads a referral, a referral with a page, and a page alone', () => {
    expect(parseStartParam('ref_DEMO2026')).toEqual({ referralCode: 'DEMO2026', page: undefined });
    expect(parseStartParam('ref_DEMO2026__2d')).toEqual({ referralCode: 'DEMO2026', page: '2d' });
    expect(parseStartParam('ref_MDY-01__deposit')).toEqual({ referralCode: 'MDY-01', page: 'deposit' });
    expect(parseStartParam('digitbet')).toEqual({ page: 'digitbet' });
  });

  it('ignores what is not in the grammar or Telegram\'s alphabet', () => {
    expect(parseStartParam('ref_DEMO2026__casino')).toEqual({ referralCode: 'DEMO2026', page: undefined });
    expect(parseStartParam('ref_')).toEqual({});
    expect(parseStartParam('ref_A__2d__x')).toEqual({});
    expect(parseStartParam('ref_<script>')).toEqual({});
    expect(parseStartParam('x'.repeat(65))).toEqual({});
    expect(parseStartParam('lobby')).toEqual({ page: undefined });
    expect(parseStartParam(undefined)).toEqual({});
  });

  it("the bot's messages open the player's own records: every page a notice names is a start page with a path", () => {
    const pages = [NOTICE_PAGES.wallet, NOTICE_PAGES.deposits, NOTICE_PAGES.withdrawals, NOTICE_PAGES.slips.morning, NOTICE_PAGES.slips.evening, NOTICE_PAGES.profile];
    for (const page of pages) expect(parseStartParam(page), page).toEqual({ page });
    expect(pages.map((page) => START_PAGE_PATHS[page])).toEqual([
      '/wallet',
      '/information?tab=logs&type=deposit',
      '/information?tab=logs&type=withdraw',
      '/morning-bet-slip',
      '/evening-bet-slip',
      '/information?tab=profile',
    ]);
  });
});
