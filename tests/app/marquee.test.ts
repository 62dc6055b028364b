import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { Marquee, marqueeText } from '../../src/components/Marquee';

/** Issue 13: the home marquee is never an empty box. */
const render = (text: string | null | undefined) => renderToStaticMarkup(createElement(Marquee, { text, label: 'Announcement' }));

describe('marquee', () => {
  it('draws nothing without visible text', () => {
    for (const text of [null, undefined, '', '   ', '\n\t', '\u200B', ' \u2060 ']) expect(render(text), JSON.stringify(text)).toBe('');
  });

  it('draws the trimmed text when there is some', () => {
    const html = render('  Welcome to KyatPlay  ');
    expect(html).toContain('aria-label="Announcement"');
    expect(html).toContain('>Welcome to KyatPlay</span>');
    expect(marqueeText(' ကြိုဆိုပါသည် ')).toBe('ကြိုဆိုပါသည်');
  });
});
