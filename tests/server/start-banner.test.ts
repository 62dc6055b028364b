import { describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, DEMO_USER_NAME } from '../../server/db/seed';
import { readEnv } from '../../server/env';
import { startBanner } from '../../server/lib/start-banner';

/**
 * The start line a newcomer reads (issue 25 point 12): the site, the console at /admin when this
 * listener serves it, the demo login only with the demo seed and never in production, and the
 * Telegram mock's address only with TELEGRAM_DEV_MOCK on a development start.
 */
describe('start line', () => {
  const TOKEN = 'a-console-token-0123456789';

  it('a development start names the site, the console and the demo login', () => {
    const lines = startBanner(readEnv({ ADMIN_TOKEN: TOKEN }), 8080, 'pglite');
    expect(lines[0]).toBe('KyatPlay on http://localhost:8080 (pglite)');
    expect(lines.join('\n')).toContain('Operator console: http://localhost:8080/admin');
    expect(lines.join('\n')).toContain('operators create --user NAME --role owner');
    expect(lines.join('\n')).toContain(`Demo player: ${DEMO_USER_NAME} / ${DEMO_PASSWORD}`);
    expect(lines.join('\n')).not.toContain('tgMock');
  });

  it('no console line without ADMIN_TOKEN, nor on the public port when the console has its own (ADMIN_PORT)', () => {
    expect(startBanner(readEnv({}), 8080, 'pglite').join('\n')).not.toContain('/admin');
    expect(startBanner(readEnv({ ADMIN_TOKEN: TOKEN, ADMIN_PORT: '9090' }), 8080, 'pglite').join('\n')).not.toContain('/admin');
  });

  it('without the demo seed, and in production whatever the seed says, there is no demo login', () => {
    expect(startBanner(readEnv({ SEED_DEMO: '0' }), 8080, 'pglite').join('\n')).not.toContain(DEMO_PASSWORD);
    const prod = startBanner({ ...readEnv({ NODE_ENV: 'production', ADMIN_TOKEN: TOKEN }), SEED_DEMO: true, TELEGRAM_DEV_MOCK: true }, 443, 'postgres');
    expect(prod.join('\n')).not.toContain(DEMO_PASSWORD);
    expect(prod.join('\n')).not.toContain(DEMO_USER_NAME);
    expect(prod.join('\n')).not.toContain('tgMock');
    expect(prod.join('\n')).toContain('Operator console: http://localhost:443/admin');
  });

  it('TELEGRAM_DEV_MOCK on a development start prints the mock address', () => {
    expect(startBanner(readEnv({ TELEGRAM_DEV_MOCK: '1' }), 8080, 'pglite')).toContain('  Telegram mock (development only): http://localhost:8080/?tgMock');
  });
});
