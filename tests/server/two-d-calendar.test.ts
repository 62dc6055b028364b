import { describe, expect, it } from 'vitest';
import {
  cutoffAt,
  drawAt,
  drawsPassed,
  isCalendarDate,
  isTradingDay,
  nextSession,
  openSession,
  sessionFromLegacyId,
  twoDConfig,
  voidAt,
  type TwoDConfig,
} from '../../server/domain/two-d/calendar';
import { testEnv } from '../../server/env';

/** Yangon wall clock → instant (UTC+06:30). */
const yangon = (date: string, time: string) => new Date(`${date}T${time.length === 5 ? `${time}:00` : time}+06:30`);
const bangkok = (date: string, time: string) => new Date(`${date}T${time}:00+07:00`);

const cfg: TwoDConfig = twoDConfig(testEnv());
const none = new Set<string>();
// 2026-01-05 is a Monday; 01-09 a Friday; 01-10/11 the weekend.
const MON = '2026-01-05';
const FRI = '2026-01-09';

describe('2D calendar', () => {
  it('reads its configuration from the environment', () => {
    expect(cfg).toEqual({
      morningCutoff: '11:55',
      eveningCutoff: '15:55',
      morningDraw: '12:01',
      eveningDraw: '16:30',
      payout: 80n,
      defaultBreak: 5_000_000n,
      voidAfterMinutes: 120,
    });
    const custom = twoDConfig(testEnv({ TWO_D_MORNING_CUTOFF: '11:30', TWO_D_PAYOUT: 85, TWO_D_DEFAULT_BREAK: 20_000 }));
    expect(custom.morningCutoff).toBe('11:30');
    expect(custom.payout).toBe(85n);
    expect(custom.defaultBreak).toBe(2_000_000n);
  });

  it('places cut-offs and draws in Yangon time', () => {
    expect(cutoffAt(MON, 'morning', cfg).toISOString()).toBe('2026-01-05T05:25:00.000Z');
    expect(cutoffAt(MON, 'evening', cfg).toISOString()).toBe('2026-01-05T09:25:00.000Z');
    expect(drawAt(MON, 'morning', cfg).toISOString()).toBe('2026-01-05T05:31:00.000Z');
    expect(drawAt(MON, 'evening', cfg).toISOString()).toBe('2026-01-05T10:00:00.000Z');
    expect(voidAt(MON, 'evening', cfg).toISOString()).toBe('2026-01-05T12:00:00.000Z');
  });

  it('Yangon is Bangkok − 30 min: the 12:01 draw is 12:31 in Bangkok', () => {
    expect(drawAt(MON, 'morning', cfg)).toEqual(bangkok(MON, '12:31'));
    expect(drawAt(MON, 'evening', cfg)).toEqual(bangkok(MON, '17:00'));
  });

  it('trading days: Monday to Friday, minus holidays', () => {
    expect(isTradingDay(MON, none)).toBe(true);
    expect(isTradingDay(FRI, none)).toBe(true);
    expect(isTradingDay('2026-01-10', none)).toBe(false);
    expect(isTradingDay('2026-01-11', none)).toBe(false);
    expect(isTradingDay(MON, new Set([MON]))).toBe(false);
  });

  describe('the session a bet joins', () => {
    const at = (time: string, wanted?: 'morning' | 'evening', date = MON, holidays = none) =>
      openSession(yangon(date, time), holidays, cfg, wanted);

    it('00:00 Yangon is already the new day, though UTC is still on the day before', () => {
      const now = yangon(MON, '00:00');
      expect(now.toISOString().slice(0, 10)).toBe('2026-01-04'); // UTC Sunday
      expect(openSession(now, none, cfg)).toEqual({ date: MON, session: 'morning', closesAt: cutoffAt(MON, 'morning', cfg) });
      // 23:59 Yangon on Sunday is still closed (weekend), though UTC says Sunday too.
      expect(openSession(yangon('2026-01-04', '23:59'), none, cfg)).toBeNull();
    });

    it('early-morning bets are dated by Yangon, never by UTC (the legacy bug)', () => {
      // 06:00 Yangon Tuesday = 23:30 UTC Monday
      const now = yangon('2026-01-06', '06:00');
      expect(now.toISOString().slice(0, 10)).toBe(MON);
      expect(openSession(now, none, cfg)?.date).toBe('2026-01-06');
    });

    it('11:54 → morning; 11:55 (the cut-off itself) and 11:56 → evening', () => {
      expect(at('11:54:59')?.session).toBe('morning');
      expect(at('11:55')?.session).toBe('evening');
      expect(at('11:56')?.session).toBe('evening');
    });

    it('a morning bet is closed from 11:55; an evening bet is open from the morning on', () => {
      expect(at('11:54', 'morning')?.session).toBe('morning');
      expect(at('11:55', 'morning')).toBeNull();
      expect(at('12:01', 'morning')).toBeNull();
      expect(at('09:00', 'evening')).toEqual({ date: MON, session: 'evening', closesAt: cutoffAt(MON, 'evening', cfg) });
    });

    it('12:01 (the morning draw) → evening', () => {
      expect(at('12:01')).toEqual({ date: MON, session: 'evening', closesAt: yangon(MON, '15:55') });
    });

    it('15:54 → evening; 15:55 and the 16:30 draw → closed', () => {
      expect(at('15:54:59')?.session).toBe('evening');
      expect(at('15:55')).toBeNull();
      expect(at('15:55', 'evening')).toBeNull();
      expect(at('16:30')).toBeNull();
      expect(at('23:59')).toBeNull();
    });

    it('Friday evening → closed until Monday morning', () => {
      expect(at('16:00', undefined, FRI)).toBeNull();
      expect(at('10:00', undefined, '2026-01-10')).toBeNull();
      expect(at('10:00', undefined, '2026-01-11')).toBeNull();
      const next = nextSession(yangon(FRI, '16:00'), none, cfg)!;
      expect(next).toEqual({
        date: '2026-01-12',
        session: 'morning',
        opensAt: yangon('2026-01-12', '00:00'),
        closesAt: yangon('2026-01-12', '11:55'),
        drawAt: yangon('2026-01-12', '12:01'),
      });
      expect(at('00:00', undefined, '2026-01-12')?.session).toBe('morning');
    });

    it('a holiday is closed all day, and the next session skips it', () => {
      const holidays = new Set(['2026-01-12']);
      expect(at('10:00', undefined, '2026-01-12', holidays)).toBeNull();
      expect(nextSession(yangon(FRI, '16:00'), holidays, cfg)?.date).toBe('2026-01-13');
    });

    it('nextSession is the open one while betting is open', () => {
      const now = yangon(MON, '13:00');
      expect(nextSession(now, none, cfg)).toEqual({
        date: MON,
        session: 'evening',
        opensAt: now,
        closesAt: yangon(MON, '15:55'),
        drawAt: yangon(MON, '16:30'),
      });
    });

    it('follows configured cut-offs', () => {
      const early = { ...cfg, morningCutoff: '11:30' };
      expect(openSession(yangon(MON, '11:40'), none, early, 'morning')).toBeNull();
      expect(openSession(yangon(MON, '11:29'), none, early, 'morning')?.session).toBe('morning');
    });
  });

  it('lists the draws that have passed', () => {
    expect(drawsPassed(MON, yangon(MON, '12:00'), none, cfg)).toEqual([]);
    expect(drawsPassed(MON, yangon(MON, '12:01'), none, cfg)).toEqual(['morning']);
    expect(drawsPassed(MON, yangon(MON, '16:30'), none, cfg)).toEqual(['morning', 'evening']);
    expect(drawsPassed('2026-01-10', yangon('2026-01-10', '18:00'), none, cfg)).toEqual([]);
  });

  it('maps the legacy session ids: 1-2 morning, 3-4 evening', () => {
    expect(sessionFromLegacyId(2)).toBe('morning');
    expect(sessionFromLegacyId('4')).toBe('evening');
    expect(sessionFromLegacyId('1')).toBe('morning');
    expect(sessionFromLegacyId(3)).toBe('evening');
    expect(sessionFromLegacyId('evening')).toBe('evening');
    expect(sessionFromLegacyId(5)).toBeNull();
    expect(sessionFromLegacyId('12')).toBeNull();
  });

  it('knows a real calendar date', () => {
    expect(isCalendarDate('2026-02-28')).toBe(true);
    expect(isCalendarDate('2026-02-29')).toBe(false);
    expect(isCalendarDate('2026-1-5')).toBe(false);
    expect(isCalendarDate(20260105)).toBe(false);
  });
});
