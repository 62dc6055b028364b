import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { addIcons, Icon, type IconName } from '../../../shared/components/Icon';
import { MORE } from '../../../shared/components/icons-more';

// The server draws any page's icons from the start: the whole set.
addIcons(MORE);

const icons = new Map<string, string>();

/** The app's Icon (shared/components/Icon.tsx), as React writes it (each one rendered once). */
export function icon(name: IconName, size: number, className?: string): string {
  const key = `${name}|${size}|${className ?? ''}`;
  let html = icons.get(key);
  if (html === undefined) {
    html = renderToStaticMarkup(createElement(Icon, { name, size, className }));
    icons.set(key, html);
  }
  return html;
}
