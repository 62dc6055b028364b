import { describe, expect, it } from 'vitest';
import { nextOpening, yangonClock } from '../../src/lib/two-d/draw-clock';

/** When /2d says betting opens again (src/lib/two-d/draw-clock.ts `nextOpening`), from the server's Yangon time. */
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
