import { describe, expect, it } from 'vitest';
import { closingState, nextOpening, tradingFromLive, yangonClock } from '../../shared/two-d/draw-clock';

/** When /2d says betting opens again (shared/two-d/draw-clock.ts `nextOpening`), from the server's Yangon time. */
const at = (yangon: string) => nextOpening(yangonClock(yangon)!);

describe('nextOpening', () => {
  it('is null while betting is open: before the morning cut-off and between the cut-offs', () => {
    expect(at('2026-11-23 00:00:00')).toBeNull(); // Monday midnight
    expect(at('2026-11-23 11:54:59')).toBeNull();
    expect(at('2026-11-23 15:54:00')).toBeNull();
  });

  it('after the evening cut-off: the next weekday at midnight', () => {
    expect(at('2026-11-23 15:55:00')).toEqual({ date: '2026-11-24', weekday: 2, time: '00:00' });
    expect(at('2026-11-26 23:59:00')).toEqual({ date: '2026-11-27', weekday: 5, time: '00:00' });
  });

  it('Friday evening, Saturday and Sunday: Monday', () => {
    for (const time of ['2026-11-27 16:00:00', '2026-11-28 10:00:00', '2026-11-29 23:00:00']) {
      expect(at(time), time).toEqual({ date: '2026-11-30', weekday: 1, time: '00:00' });
    }
  });

  it('reads an ISO instant as Yangon time (Saturday 18:00 UTC is Sunday 00:30 in Yangon)', () => {
    expect(nextOpening(yangonClock('2026-11-28T18:00:00Z')!)).toEqual({ date: '2026-11-30', weekday: 1, time: '00:00' });
  });
});

/** GET /live's `trading` (the server knows the holidays): a weekday holiday is one closed state too. */
describe('the server says today is a holiday', () => {
  const isKey = (k: unknown): k is 'constitutionDay' => k === 'constitutionDay';
  const holiday = tradingFromLive(
    { trading_day: false, closed_reason: 'holiday', holiday: { name: 'Constitution Day', key: 'constitutionDay', substitute: false }, opens_at: '2026-12-11 00:00:00' },
    isKey,
  );

  it('reads the field, and nothing from a legacy feed without it', () => {
    expect(holiday).toEqual({ tradingDay: false, closedReason: 'holiday', holiday: { name: 'Constitution Day', key: 'constitutionDay', substitute: false }, opensAt: '2026-12-11 00:00:00' });
    expect(tradingFromLive(undefined, isKey)).toBeNull();
    expect(tradingFromLive({ trading_day: 'no' }, isKey)).toBeNull();
    expect(tradingFromLive({ trading_day: false, closed_reason: 'holiday', holiday: { name: 'Bridge day', key: 'bridge' }, opens_at: null }, isKey)?.holiday).toEqual({ name: 'Bridge day', key: null, substitute: false });
  });

  it('a Thursday holiday morning (open by the clock alone) is closed, naming the holiday, opening Friday', () => {
    const thursday = yangonClock('2026-12-10 09:00:00')!;
    expect(closingState(thursday)).toMatchObject({ kind: 'open' });
    expect(nextOpening(thursday)).toBeNull();
    expect(closingState(thursday, holiday)).toEqual({ kind: 'noDraws', holiday: { name: 'Constitution Day', key: 'constitutionDay', substitute: false } });
    expect(nextOpening(thursday, holiday)).toEqual({ date: '2026-12-11', weekday: 5, time: '00:00' });
  });

  it("after a cut-off the server's opening wins over the weekday count (a Monday holiday: Tuesday)", () => {
    const friday = yangonClock('2026-12-04 16:00:00')!;
    expect(nextOpening(friday)).toEqual({ date: '2026-12-07', weekday: 1, time: '00:00' });
    const trading = { tradingDay: true, closedReason: null, holiday: null, opensAt: '2026-12-08 00:00:00' };
    expect(nextOpening(friday, trading)).toEqual({ date: '2026-12-08', weekday: 2, time: '00:00' });
    expect(nextOpening(yangonClock('2026-12-04 10:00:00')!, { ...trading, opensAt: null })).toBeNull();
  });
});
