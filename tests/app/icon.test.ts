import { createElement } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { describe, expect, it } from 'vitest';
import { Icon, loadMoreIcons, type IconName } from '../../shared/components/Icon';
import { MORE } from '../../shared/components/icons-more';

async function markup(name: IconName): Promise<string> {
  const { prelude } = await prerenderToNodeStream(createElement(Icon, { name, size: 20 }));
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('Icon: the first screens\' icons at once, the rest with the later screens', () => {
  it('draws a first-screen icon without loading the rest; a later one keeps its box until the rest is in, then draws', async () => {
    expect(await markup('home')).toMatch(/^<svg width="20" height="20" viewBox="0 0 24 24"[^>]*><path d="M3 11.5/);
    const before = await markup('bank');
    expect(before, 'the box, so nothing moves when it is drawn').toMatch(/^<svg width="20" height="20" viewBox="0 0 24 24"[^>]*><\/svg>$/);
    await loadMoreIcons();
    const after = await markup('bank');
    expect(after).toMatch(/^<svg width="20" height="20"[^>]*>.*<(path|rect|circle)/);
    // Every icon of the later set is drawn now.
    for (const name of Object.keys(MORE) as IconName[]) expect(await markup(name), name).toMatch(/<(path|rect|circle)/);
  });
});
