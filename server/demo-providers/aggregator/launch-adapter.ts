import type { Deps } from '../../types/app';
import { LAUNCHED, type LaunchAdapter } from '../../domain/seamless-launch';
import { TOKEN_TTL_SECONDS, launchTokenKey, signLaunchToken } from './token';
import { seamlessKey } from '../../lib/install-secrets';
import { absoluteUrls } from '../../lib/public-url';

/**
 * The default launch adapter: the built-in demo aggregator. The URL opens its slot page with a
 * signed launch token (member, game, product, expiry in 2 h) — never the balance.
 */
export function demoLaunchAdapter(deps: Deps): LaunchAdapter {
  const key = launchTokenKey(seamlessKey(deps.env));
  // Absolute on PUBLIC_URL: a site on another origin would otherwise open its own page.
  const abs = absoluteUrls(deps.env.PUBLIC_URL);
  return {
    async launch(req) {
      const exp = Math.floor(deps.clock.now().getTime() / 1000) + TOKEN_TTL_SECONDS;
      const token = signLaunchToken(
        {
          member_account: req.memberAccount,
          game_code: req.gameCode,
          game_name: req.gameName,
          product_code: req.productCode,
          game_type: req.gameType,
          exp,
          sid: req.sessionId,
          iat: Math.floor(deps.clock.now().getTime() / 1000),
        },
        key,
      );
      return { status: 200, body: { code: 200, message: LAUNCHED, url: abs(`/demo-aggregator/slot?t=${encodeURIComponent(token)}`) } };
    },
  };
}
