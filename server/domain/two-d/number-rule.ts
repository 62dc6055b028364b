/**
 * The 2D number from the Stock Exchange of Thailand's figures (domain-notes.md, Two-digit lottery):
 * first digit = last digit of the SET index printed with two decimals; second digit = last digit
 * of the integer part of the SET traded value (million baht). 1,346.23 and 57,388.58 give 38.
 * One public implementation takes the index's integer digit (6 here): that is wrong.
 */

import { groupThousands, isOverNumericCap } from '../../lib/numeric-text';

/**
 * A decimal figure as text, commas allowed ("1,346.23", "57388.58", "1346.2"). Only ever run on
 * text within the numeric cap (split), like every numeric pattern (lib/numeric-text.ts).
 */
const FIGURE = /^\d{1,3}(?:,\d{3})+(?:\.\d+)?$|^\d+(?:\.\d+)?$/;

export class BadFigure extends RangeError {
  constructor(readonly field: 'set_index' | 'value', text: string) {
    super(`not a SET ${field === 'set_index' ? 'index' : 'value'}: ${JSON.stringify(text)}`);
    this.name = 'BadFigure';
  }
}

function split(text: string, field: 'set_index' | 'value'): { whole: string; fraction: string } {
  const trimmed = text.trim();
  if (isOverNumericCap(trimmed) || !FIGURE.test(trimmed)) throw new BadFigure(field, text.slice(0, 40));
  const [whole, fraction = ''] = trimmed.replace(/,/g, '').split('.') as [string, string?];
  return { whole: whole.replace(/^0+(?=\d)/, ''), fraction };
}

/** The SET index as printed with exactly two decimals, no commas ("1346.20"); more than two decimals is refused. */
export function normaliseSetIndex(text: string): string {
  const { whole, fraction } = split(text, 'set_index');
  if (fraction.length > 2) throw new BadFigure('set_index', text);
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** The traded value with two decimals, no commas ("57388.58"); more than two decimals is refused. */
export function normaliseSetValue(text: string): string {
  const { whole, fraction } = split(text, 'value');
  if (fraction.length > 2) throw new BadFigure('value', text);
  return `${whole}.${fraction.padEnd(2, '0')}`;
}

/** The winning number of a draw from its SET index and traded value. */
export function twoDFromSet(setIndex: string, value: string): string {
  const index = normaliseSetIndex(setIndex);
  const { whole } = split(value, 'value');
  return `${index.at(-1)}${whole.at(-1)}`;
}

/** "1346.23" → "1,346.23": figures as the SET and the legacy feed print them. */
export function withThousands(figure: string): string {
  const [whole, fraction] = figure.split('.') as [string, string?];
  const grouped = groupThousands(whole);
  return fraction === undefined ? grouped : `${grouped}.${fraction}`;
}

export function isTwoD(value: unknown): value is string {
  return typeof value === 'string' && /^\d{2}$/.test(value);
}
