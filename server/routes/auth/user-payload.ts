/**
 * The HTTP side of a player's session: the token from the Authorization header and the `user`
 * object of the contract's answers (GET /user, register, login). The token store itself is the
 * domain's (domain/sessions.ts).
 */
import type { SessionUser } from '../../types/app';
import { formatMoney } from '../../lib/money';

/** Token from `Authorization: Bearer <token>`, or undefined. */
export function bearerToken(header: string | undefined): string | undefined {
  if (!header) return undefined;
  const match = /^Bearer\s+([A-Za-z0-9._~+/=|-]{1,200})\s*$/i.exec(header);
  return match?.[1];
}

/** GET /user and register's `user`. */
export function userPayload(user: SessionUser) {
  return {
    id: user.id,
    name: user.name,
    user_name: user.userName,
    phone: user.phone ?? '',
    balance: formatMoney(user.balance),
    main_balance: formatMoney(user.mainBalance),
    member_account: user.userName,
    status: user.status,
    telegram_linked: user.telegramLinked,
    has_password: user.hasPassword,
    // Only after an operator's reset (decision 0034), so every other answer keeps the contract's shape.
    ...(user.mustChangePassword ? { must_change_password: true } : {}),
  };
}

/** Login's `user`, exactly the fields the contract lists. */
export function loginUserPayload(user: SessionUser) {
  const { member_account: _memberAccount, ...rest } = userPayload(user);
  return rest;
}
