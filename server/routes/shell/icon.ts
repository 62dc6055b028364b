import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { Icon, type IconName } from '../../../shared/components/Icon';

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
