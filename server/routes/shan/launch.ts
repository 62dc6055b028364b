import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import type { ShanProviderAdapter } from '../../domain/shan/launch';
import { readBody } from '../../lib/request-body';
import { publicOrigin } from '../games/launch';
import { refuse } from '../../i18n/refusals';
import { spoken } from '../../lib/http';

export const LAUNCHED = 'Game launched successfully!';
export const INVALID_OPERATOR = refuse('shan.invalid_operator');
export const NOT_YOURS = refuse('shan.not_yours');
export const LAUNCH_FAILED = refuse('shan.launch_failed');
export const GAME_NAME = 'Shan Koe Mee';

function absent(value: unknown): boolean {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

/**
 * POST /api/shan-launch-game { member_account?, operator_code? } (docs/shan.md): the operator
 * code must be one of SHAN_OPERATOR_CODES (default the first), the member account the logged-in
 * player's own (default their user_name). The provider's URL carries only its opaque session.
 */
export async function shanLaunch(c: Context<AppEnv>, deps: Deps, provider: ShanProviderAdapter) {
  const user = c.var.user;
  const body = await readBody(c);
  const codes = deps.env.SHAN_OPERATOR_CODES;

  const operatorCode = absent(body.operator_code) ? codes[0] : typeof body.operator_code === 'string' ? body.operator_code.trim() : undefined;
  if (operatorCode === undefined || !codes.includes(operatorCode)) {
    const said = spoken(c, INVALID_OPERATOR);
    return c.json({ status: 'fail', ...said, errors: { operator_code: [said.message] } }, 422);
  }
  const member = absent(body.member_account) ? user.userName : body.member_account;
  if (typeof member !== 'string' || member.trim() !== user.userName || user.status !== 1) {
    return c.json({ status: 'fail', ...spoken(c, NOT_YOURS) }, 403);
  }

  const launched = await provider.launch({ operatorCode, memberAccount: user.userName, origin: publicOrigin(c, deps.env.PUBLIC_URL) });
  if (!launched.ok) return c.json({ status: 'fail', ...spoken(c, LAUNCH_FAILED), error_detail: launched.detail }, 502);
  return c.json({ status: 'success', message: LAUNCHED, launch_game_url: launched.url });
}

/** GET /api/shan/info: what the launcher card shows. Public. */
export function shanInfo(c: Context<AppEnv>, deps: Deps) {
  return c.json({
    status: 'Request was successful.',
    data: { product_code: deps.env.SHAN_PRODUCT_CODE, operator_code: deps.env.SHAN_OPERATOR_CODES[0] ?? null, game_name: GAME_NAME },
  });
}
