import { burmeseUnicode } from '../../lib/burmese-unicode';
import { phone } from '../../lib/schemas';
import { asciiDigits, stringField } from '../../lib/validation';
import { refuse } from '../../i18n/refusals';

/** The accounts fields, with the contract's rules and the caps that keep input bounded. */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

/** A Zawgyi-typed name is stored in Unicode (lib/burmese-unicode.ts). */
export const nameField = stringField('name', { min: 3, max: 100, normalise: burmeseUnicode });
/** Stored and compared in one canonical form (lib/phone.ts): 09…, +959…, 959…, spaces and dashes are one phone. */
export const phoneField = phone('phone');
export const newPasswordField = stringField('password', { min: PASSWORD_MIN, max: PASSWORD_MAX, trim: false });
export const referralCodeField = stringField('referral_code', { max: 50 });
export const loginNameField = stringField('user_name', { max: 50, normalise: asciiDigits });
export const loginPasswordField = stringField('password', { max: PASSWORD_MAX, trim: false });
export const currentPasswordField = stringField('current_password', { max: PASSWORD_MAX, trim: false });

export const CONFIRMATION_MISMATCH = refuse('field.confirmed', { field: 'password' });

/** Laravel's `confirmed` rule: `password_confirmation` must equal `password` exactly. */
export function confirms(body: Record<string, unknown>, password: string | undefined): boolean {
  return password === undefined || body.password_confirmation === password;
}
