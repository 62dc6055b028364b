/** Wire types of the API contract (../shared/api-contract.md). Money fields are "1000.00" strings. */
export interface User {
  id: number;
  name: string;
  user_name: string;
  phone: string;
  balance: string;
  main_balance: string;
  member_account?: string;
  status?: number;
}

export interface Session {
  user: User;
  token: string;
}

export interface LoginInput {
  user_name: string;
  password: string;
}

export interface RegisterInput {
  name: string;
  phone: string;
  password: string;
  password_confirmation: string;
  referral_code: string;
}

export interface ChangePasswordInput {
  current_password: string;
  password: string;
  password_confirmation: string;
}

export type FieldErrors = Record<string, string>;

/** Every failed call is normalised to this (src/api/client.ts). */
export interface ApiErrorInfo {
  /** HTTP status; 0 for a network failure. */
  status: number;
  message: string;
  /** First message per field, from a 422. */
  fieldErrors: FieldErrors;
}
