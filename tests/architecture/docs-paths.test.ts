import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The docs stand on their own (issue 27): no document points at a file outside the repository
 * (an absolute path on a developer's machine, or a folder beside the checkout), which a reader
 * of the repository cannot open. Rules a document relies on are written into the repository.
 */
function markdown(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? markdown(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : [],
  );
}

/** `/work/…`, `/home/…`, `/Users/…`, `/root/…`, or `../` that climbs out of the repository. */
const OUTSIDE = /(?<![\w.])(?:\/(?:work|home|Users|root)\/[\w.-]+|(?:\.\.\/)+shared\/)/g;

describe('docs', () => {
  it('name no path outside the repository', () => {
    const found = ['README.md', ...markdown('docs')].flatMap((file) =>
      readFileSync(file, 'utf8')
        .split('\n')
        .flatMap((line, i) => [...line.matchAll(OUTSIDE)].map((m) => `${file}:${i + 1}: ${m[0]}`)),
    );
    expect(found).toEqual([]);
  });
});
