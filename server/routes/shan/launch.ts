import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import type { ShanProviderAdapter } from '../../domain/shan/launch';
import { checkBody } from '../../lib/request-input';
import { fromCheck } from '../../lib/schemas';
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

/** `operator_code`: one of SHAN_OPERATOR_CODES (absent: the first); `member_account`: absent, or text (checked against the player). */
const launchBody = (codes: readonly string[]) => ({
  operator_code: fromCheck<string>((v) => {
    const code = absent(v) ? codes[0] : typeof v === 'string' ? v.trim() : undefined;
    return code !== undefined && codes.includes(code) ? { ok: true, value: code } : { ok: false, message: INVALID_OPERATOR };
  }),
  member_account: z.unknown().transform((v) => (absent(v) ? undefined : typeof v === 'string' ? v.trim() : null)),
});

/**
 * POST /api/shan-launch-game { member_account?, operator_code? } (docs/shan.md): the operator
 * code must be one of SHAN_OPERATOR_CODES (default the first), the member account the logged-in
 * player's own (default their user_name). The provider's URL carries only its opaque session.
 */
export async function shanLaunch(c: Context<AppEnv>, deps: Deps, provider: ShanProviderAdapter) {
  const user = c.var.user;
  const { values, errors } = await checkBody(c, launchBody(deps.env.SHAN_OPERATOR_CODES));
  // Refused in the launch's own shape (`status: 'fail'`), the field named.
  if (errors.operator_code) {
    const said = spoken(c, errors.operator_code[0]!);
    return c.json({ status: 'fail', ...said, errors: { operator_code: [said.message] } }, 422);
  }
  const operatorCode = values.operator_code!;
  const member = values.member_account === undefined ? user.userName : values.member_account;
  if (member !== user.userName || user.status !== 1) {
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
