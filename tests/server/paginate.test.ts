import { describe, expect, it } from 'vitest';
import { pageQuery } from '../../server/lib/paginate';

describe('?page= (lib/paginate.ts pageQuery)', () => {
  const page = (query: Record<string, unknown>) => pageQuery.parse(query).page;

  it('reads a whole page number', () => {
    expect(page({ page: '1' })).toBe(1);
    expect(page({ page: '7' })).toBe(7);
    expect(page({ page: '999999' })).toBe(999999);
  });

  it('reads anything else as page 1, as Laravel does, and never throws', () => {
    for (const raw of [undefined, '', '0', '000', '-2', '2x', 'abc', '1.5', '1e3', ' 3', '1234567', ['2', '3'], 5]) {
      expect(page({ page: raw }), String(raw)).toBe(1);
    }
    expect(page({})).toBe(1);
  });
});
