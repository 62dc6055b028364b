import type { KeyboardEvent } from 'react';

const STEP: Record<string, number> = { ArrowRight: 1, ArrowDown: 1, ArrowLeft: -1, ArrowUp: -1 };

/**
 * Arrow keys in a radio group of buttons (WAI-ARIA radio group pattern): move to the previous or
 * next option, choose it and focus it. Put on the element with role="radiogroup".
 */
export function onRadioArrows(e: KeyboardEvent<HTMLElement>, choose: (index: number) => void) {
  const step = STEP[e.key];
  if (!step) return;
  const radios = [...e.currentTarget.querySelectorAll<HTMLElement>('[role="radio"]:not(:disabled)')];
  if (!radios.length) return;
  e.preventDefault();
  const current = radios.findIndex((r) => r.getAttribute('aria-checked') === 'true');
  const next = (Math.max(current, 0) + step + radios.length) % radios.length;
  choose(next);
  radios[next]?.focus();
}
