/** Realistic payloads shared by the path models (shapes from ../shared/api-contract.md). */
import type { ChangePasswordInput, LoginInput, RegisterInput, Session, User } from '../../src/api/types';

export const player: User = {
  id: 7,
  name: 'Aung Aung',
  user_name: 'aungaung',
  phone: '09123456789',
  balance: '15000.00',
  main_balance: '2500.00',
  status: 1,
};

export const session: Session = { token: '7|k3yF0rAungAung', user: player };

export const loginInput: LoginInput = { user_name: 'aungaung', password: 'secret123' };

export const registerInput: RegisterInput = {
  name: 'Aung Aung',
  phone: '09123456789',
  password: 'secret123',
  password_confirmation: 'secret123',
  referral_code: 'AG001',
};

export const changePasswordInput: ChangePasswordInput = {
  current_password: 'secret123',
  password: 'n3wSecret',
  password_confirmation: 'n3wSecret',
};

/** "15000.00" + 1000 → "16000.00": a balance that differs from the cached one. */
export function plusKs(amount: string, delta: number): string {
  return (Number(amount) + delta).toFixed(2);
}
