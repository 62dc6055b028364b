import type { Context } from 'hono';
import { z } from 'zod';
import type { AppEnv, Deps } from '../../types/app';
import { demoLaunchAdapter } from '../../demo-providers/aggregator/launch-adapter';
import { launchableGame } from '../../domain/catalogue';
import { realAggregatorAdapter, type LaunchAdapter } from '../../domain/seamless-launch';
import { clientIp } from '../../lib/client-ip';
import { publicOrigin } from '../../lib/public-origin';
import { checkBody } from '../../lib/request-input';
import { fromCheck, integerCode } from '../../lib/schemas';
import { parseRefusal, refuse } from '../../i18n/refusals';
import { refusalOf } from '../../lib/http';

export const GAME_NOT_FOUND = refuse('games.game_not_found');
export const NOT_ACTIVATED = refuse('auth.not_activated');

/** The demo aggregator unless AGGREGATOR_URL names a real one. */
export function launchAdapterFor(deps: Deps): LaunchAdapter {
  return deps.env.AGGREGATOR_URL ? realAggregatorAdapter(deps.env, deps.clock) : demoLaunchAdapter(deps);
}

/** The site's public origin (lib/public-origin.ts); re-exported for the Shan launch. */
export { publicOrigin };

/** "live_casino" / "live-casino" → "LIVE_CASINO": the aggregator's game type word. */
function gameTypeWord(value: string): string {
  return value.trim().toUpperCase().replace(/[\s-]+/g, '_');
}

/** The launch body (lib/schemas.ts pieces); the first refused field is answered in the launch's own shape. */
const launchBody = {
  game_code: fromCheck<string>((raw) => {
    const text = typeof raw === 'number' ? String(raw) : raw;
    if (typeof text !== 'string' || text.trim() === '') return { ok: false, message: refuse('field.required', { field: 'game_code' }) };
    if (text.length > 100) return { ok: false, message: refuse('field.max_chars', { field: 'game_code', max: 100 }) };
    return { ok: true, value: text.trim() };
  }),
  product_code: integerCode('product_code', 2_147_483_647),
  /** The list's game_type: a type word is passed on; a type id (no letters) or none means the game's own type. */
  game_type: z.unknown().transform((v) => (typeof v === 'string' && /[A-Za-z]/.test(v) ? v : undefined)),
};

function fieldError(c: Context, field: string, message: string) {
  const said = refusalOf(c, message);
  const refusal = parseRefusal(message);
  return c.json({ code: 422, ...said, errors: { [field]: [said.message] }, ...(refusal ? { error_codes: { [field]: [refusal] } } : {}) }, 422);
}

/**
 * POST /seamless/launch-game { game_code, product_code, game_type }: finds the game (active, with
 * its product) and asks the launch adapter. Answers `{ code: 200, message, url }` or
 * `{ code: 200, message, content }`; failures `{ code, message }` with the same HTTP status.
 */
export async function launchGame(c: Context<AppEnv>, deps: Deps, adapter: LaunchAdapter) {
  const user = c.var.user;
  if (user.status !== 1) return c.json({ code: 403, ...refusalOf(c, NOT_ACTIVATED) }, 403);
  const { values, errors } = await checkBody(c, launchBody);
  const [field, messages] = Object.entries(errors)[0] ?? [];
  if (field) return fieldError(c, field, messages![0]!);
  const gameCode = values.game_code!;
  const productCode = values.product_code!;

  const game = await launchableGame(deps.database.db, productCode, gameCode);
  if (!game) return c.json({ code: 404, ...refusalOf(c, GAME_NOT_FOUND) }, 404);

  // The client sends the list's game_type (a type id); the aggregator wants its type word.
  const sentType = values.game_type ?? game.typeCode;
  const answer = await adapter.launch({
    memberAccount: user.userName,
    nickname: user.name,
    productCode: game.productCode,
    gameCode: game.gameCode,
    gameName: game.gameName,
    gameType: gameTypeWord(sentType),
    ip: clientIp(c, deps.env.TRUST_PROXY),
    origin: publicOrigin(c, deps.env.PUBLIC_URL),
    sessionId: c.var.tokenId,
  });
  // A refusal of ours (the provider failed or is unreachable) is spoken in the player's language.
  return c.json({ ...answer.body, ...refusalOf(c, answer.body.message) }, answer.status);
}
