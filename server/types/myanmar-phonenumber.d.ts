declare module 'myanmar-phonenumber' {
  /** True for a valid Myanmar mobile number (09…, 959…, +959…, Burmese digits, spaces and dashes). */
  export function isValidMMPhoneNumber(phoneNumber: string): boolean;
  /** The number in the local 09… form. */
  export function normalizeInput(phoneNumber: string): string;
  export function sanitizeInput(phoneNumber: string): string;
  export function getTelecomName(phoneNumber: string): string;
}
