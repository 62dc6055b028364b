/**
 * CSV for spreadsheets (RFC 4180: CRLF rows, quotes doubled), made safe to open in Excel: a
 * text cell that starts with = + - @ or a tab / carriage return would be read as a formula
 * (CSV injection, OWASP), so it gets a leading apostrophe. Numbers written by us stay numbers.
 * The file starts with a UTF-8 byte order mark, without which Excel reads Burmese as mojibake.
 */
export const BOM = '\uFEFF';

/** A value we write as a number: an integer or an exact decimal (money "-1500.00"). */
export type CsvNumber = { num: string | number | bigint };
export type CsvCell = string | CsvNumber | null;

const NUMBER = /^-?\d{1,30}(\.\d{1,10})?$/;
const FORMULA_START = /^[=+\-@\t\r]/;

export const num = (value: string | number | bigint): CsvNumber => ({ num: value });

function quoted(text: string): string {
  return /[",\r\n]|^\s|\s$/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvCell(cell: CsvCell): string {
  if (cell === null) return '';
  if (typeof cell === 'object') {
    const text = String(cell.num);
    if (!NUMBER.test(text)) throw new RangeError(`not a CSV number: ${text.slice(0, 40)}`);
    return text;
  }
  return quoted(FORMULA_START.test(cell) ? `'${cell}` : cell);
}

/** Rows as CSV text (no BOM): CRLF after every row. */
export function csvRows(rows: readonly (readonly CsvCell[])[]): string {
  return rows.map((r) => r.map(csvCell).join(',') + '\r\n').join('');
}
