import mmPhone from 'myanmar-phonenumber';
import { asciiDigits } from './validation';

/**
 * One stored form per phone (issue 11, finding 8): a Myanmar mobile number in any way players
 * type it — 09…, 959…, +959…, 00959…, a mistyped +09…, Burmese digits, spaces, dashes, dots or
 * brackets — becomes its local form 09…; any other number keeps its digits with a leading + when it
 * had one (or 00). The unique index on users.phone sees only this form. Validity and the local form
 * come from `myanmar-phonenumber` (decision 0007).
 */
export function canonicalPhone(input: string): string {
  let text = asciiDigits(input).trim().replace(/[\s\-().]/g, '');
  // Empty is 'required'; too long is refused by the field's length check. Neither is parsed.
  if (text === '' || text.length > 32) return text;
  if (/^00[1-9]/.test(text)) text = `+${text.slice(2)}`;
  if (/^\+0/.test(text)) text = text.slice(1);
  // The country code is taken off here, not by the library: its normalizeInput turns
  // +95 9 59… into 09… minus the 59 (it strips "959" once more). The same rule as migration 0008.
  const international = /^\+?959(\d{7,9})$/.exec(text);
  if (international) text = `09${international[1]}`;
  return mmPhone.isValidMMPhoneNumber(text) ? mmPhone.normalizeInput(text) : text;
}
