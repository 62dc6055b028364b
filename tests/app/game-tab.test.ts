import { describe, expect, it } from 'vitest';
import { createGameTab } from '../../src/app/game-tab';

interface FakeTab {
  closed: boolean;
  opener: unknown;
  location: { replaced: string[]; replace: (url: string) => void };
  document: { title: string; body: { textContent: string } };
  close: () => void;
}

function fakeWindow(blocked = false) {
  const opened: Array<{ url: string; tab: FakeTab }> = [];
  const open = (url = '') => {
    if (blocked) return null;
    const replaced: string[] = [];
    const tab: FakeTab = {
      closed: false,
      opener: 'page',
      location: { replaced, replace: (u: string) => void replaced.push(u) },
      document: { title: '', body: { textContent: '' } },
      close: () => void (tab.closed = true),
    };
    opened.push({ url, tab });
    return tab as unknown as Window;
  };
  return { win: { open } as Pick<Window, 'open'>, opened };
}

describe('game tab', () => {
  it('reserves a blank tab on the press and points it at the game when the URL arrives', async () => {
    const { win, opened } = fakeWindow();
    const tab = createGameTab(win, () => 'Opening Shan Koe Mee…');
    tab.reserve();
    expect(opened.map((o) => o.url)).toEqual(['']);
    expect(opened[0]!.tab).toMatchObject({ opener: null, document: { title: 'Opening Shan Koe Mee…' } });
    await tab.open('https://game/play');
    expect(opened[0]!.tab.location.replaced).toEqual(['https://game/play']);
    tab.release();
    expect(opened[0]!.tab.closed, 'a used tab stays open').toBe(false);
    expect(opened).toHaveLength(1);
  });

  it('closes the blank tab when the launch fails', () => {
    const { win, opened } = fakeWindow();
    const tab = createGameTab(win, () => '');
    tab.reserve();
    tab.release();
    expect(opened[0]!.tab.closed).toBe(true);
  });

  it('reports a blocked pop-up when no tab could be opened at all', async () => {
    const { win } = fakeWindow(true);
    const tab = createGameTab(win, () => '');
    tab.reserve();
    await expect(tab.open('https://game/play')).rejects.toEqual({ code: 'popup-blocked' });
  });

  it('releases the tab when the page leaves during the request, not after it answered', async () => {
    const { win, opened } = fakeWindow();
    const tab = createGameTab(win, () => '');
    tab.reserve();
    const left = new AbortController();
    void tab.whileReserved(new Promise(() => {}), left.signal);
    left.abort();
    expect(opened[0]!.tab.closed).toBe(true);

    tab.reserve();
    const done = new AbortController();
    await tab.whileReserved(Promise.resolve('answer'), done.signal);
    done.abort();
    expect(opened[1]!.tab.closed, 'an answered request leaves the tab to the machine').toBe(false);
  });
});
