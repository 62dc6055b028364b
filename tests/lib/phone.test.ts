import { describe, expect, it } from 'vitest';
import { canonicalPhone } from '../../server/lib/phone';

/** One stored form per Myanmar mobile number, however it is typed (server/lib/phone.ts). */
describe('canonicalPhone', () => {
  it('gives the local 09… form for every spelling of a number, 0959… ones included', () => {
    for (const local of ['09590000001', '09544000001', '0925012345', '09791234567', '0959123456']) {
      const rest = local.slice(1);
      for (const typed of [local, `+95${rest}`, `95${rest}`, `0095${rest}`, `+0${rest}`, `+95 ${rest.slice(0, 3)}-${rest.slice(3)}`]) {
        expect(canonicalPhone(typed), typed).toBe(local);
      }
    }
  });

  it('reads Burmese digits and keeps other countries as typed', () => {
    expect(canonicalPhone('၀၉၅၉၀၀၀၀၀၀၁')).toBe('09590000001');
    expect(canonicalPhone('+66 81 234 5678')).toBe('+66812345678');
    expect(canonicalPhone('')).toBe('');
  });
});
