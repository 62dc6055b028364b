import { Hono, type Context } from 'hono';
import { demoServerSeedOf, applyDemoServerSeed } from './domain/digit-bet/roll';
import { demoAggregatorRoutes } from './demo-providers/aggregator';
import { systemClock } from './lib/clock';
import { DB_RETRY_AFTER_SECONDS, databaseReady, isDatabaseUnavailable } from './lib/db-unavailable';
import { Refusal } from './domain/refusal';
import { HttpError, fail, refusalAnswer } from './lib/http';
import { parseRefusal, refuse, requestLang, speak } from './i18n/refusals';
import { compressJson } from './lib/compression';
import { securityHeaders } from './lib/security-headers';
import { corsPolicy } from './lib/cors';
import { apiRoutes } from './routes';
import { adminRoutes } from './routes/admin';
import { artRoutes } from './routes/art';
import { mediaRoutes } from './routes/media';
import { demoShanRoutes } from './demo-providers/shan';
import { gameFrameRoutes } from './routes/game-frame';
import { twoDRootRoutes } from './routes/two-d-results';
import { siteRoutes } from './routes/shell';
import { CONSOLE_PATH } from './routes/shell/shell';
import { metricsHandler } from './routes/metrics';
import { errFields, processLogger, type Logger } from './lib/log';
import { processMetricsOf } from './lib/metrics';
import { liveFigures } from './domain/operators/live-figures';
import { twoDConfig } from './domain/two-d/calendar';
import { INTERNAL, observe } from './lib/observe';

export type { AppDeps, AppEnv, AppVariables, Deps } from './types/app';
import type { AppDeps, AppEnv, Deps } from './types/app';

/** Injectable, testable without a port: tests call `app.request(...)` on it. */
export function createApp(input: AppDeps) {
  const deps = withObservability(input);
  // Demo only: Digit Bet's seed pairs take DEMO_DIGIT_SERVER_SEED (never under NODE_ENV=production).
  applyDemoServerSeed(demoServerSeedOf(deps.env));
  const app = new Hono<AppEnv>();
  firstOnEveryAnswer(app, deps);
  addHealthChecks(app, deps);
  // Pages on the origins of CORS_ORIGINS may call the API; the 2D live feed any (lib/cors.ts).
  const cors = corsPolicy(deps.env.CORS_ORIGINS ?? []);
  app.use('/api/*', cors);
  app.use('/live', cors);
  // JSON over 1 KB goes out brotli- or gzip-compressed to clients that accept it (lib/compression.ts).
  const compress = compressJson();
  app.use('/api/*', compress);
  app.use('/live', compress);
  app.route('/api', apiRoutes(deps));
  app.all('/api/*', (c) => fail(c, 404, refuse('request.not_found')));
  // Legacy clients poll `{host}/live` (docs/two-d.md): the same view as /api/live.
  app.route('/', twoDRootRoutes(deps));
  addDemoProviders(app, deps);
  // The side menu's Download App link: the operator's app, or a page saying there is none yet
  // (never the SPA shell, which a browser would save as a broken .apk).
  app.get('/download/:file', (c) => downloadApp(c, deps));

  // Generated artwork, before the static files (which would answer 404 for it).
  app.use('/assets/art/*', compress);
  app.route('/assets/art', artRoutes(deps));
  // Uploaded images and videos (table media), likewise.
  app.route('/assets/media', mediaRoutes(deps));

  // The console's page only where its API answers (decision 0020): nowhere without ADMIN_TOKEN,
  // and with ADMIN_PORT on that listener alone (createAdminApp), never on the public one.
  if (!deps.env.ADMIN_TOKEN || deps.env.ADMIN_PORT !== undefined) {
    app.use('*', async (c, next) => (CONSOLE_PATH.test(c.req.path) ? consoleNotHere(c) : next()));
  }
  // The built site: precompressed assets, and the page shell with the first screen (routes/shell).
  app.route('/', siteRoutes(deps, (path) => Promise.resolve(app.request(path, { headers: { accept: 'application/json' } }, INTERNAL))));
  return app;
}

/** Both listeners: the request id, access line and metrics (lib/observe.ts), the security headers, the error handler. */
function firstOnEveryAnswer(app: Hono<AppEnv>, deps: Deps) {
  // First: the request id, the access line and the metrics see every answer, errors included.
  app.use('*', observe({ logger: deps.logger!, metrics: deps.metrics, trust: deps.env.TRUST_PROXY }));
  // CSP, nosniff, referrer and permissions policies (and HSTS over https) on every answer.
  app.use('*', securityHeaders({ publicUrl: deps.env.PUBLIC_URL }));
  app.onError(answerError(deps.logger!));
}

function addHealthChecks(app: Hono<AppEnv>, deps: Deps) {
  // Prometheus's scrape: 404 on the public port unless METRICS_TOKEN is set (routes/metrics).
  app.get('/metrics', metricsHandler(deps, 'public'));
  const draining = () => deps.lifecycle?.draining === true;
  // Liveness: the process answers; never touches the database. A draining process is alive (decision 0027).
  app.get('/healthz', (c) => c.json({ ok: true, db: deps.database.kind, ...(draining() ? { draining: true } : {}) }));
  // Readiness: the database answers `select 1` within 2 s, and the process is not draining (from
  // SIGTERM on, decision 0027); else 503, so a balancer routes elsewhere.
  app.get('/readyz', async (c) => {
    c.header('Cache-Control', 'no-store');
    if (!draining() && (await databaseReady(deps.database)) && !draining()) return c.json({ ok: true, db: deps.database.kind });
    c.header('Retry-After', String(DB_RETRY_AFTER_SECONDS));
    return c.json({ ok: false, db: deps.database.kind, ...(draining() ? { draining: true } : {}) }, 503);
  });
}

/** The built-in demo providers and the games' frame: before the SPA fallback. */
function addDemoProviders(app: Hono<AppEnv>, deps: Deps) {
  // The built-in demo game aggregator (docs/seamless.md).
  app.route('/demo-aggregator', demoAggregatorRoutes(deps));
  // The built-in demo Shan provider (docs/shan.md), likewise.
  app.route('/demo-shan', demoShanRoutes(deps));
  // Where an aggregator's launch HTML runs, with an opaque origin (routes/game-frame).
  app.route('/game-frame', gameFrameRoutes());
}

function downloadApp(c: Context<AppEnv>, deps: Deps) {
  const target = deps.env.APP_DOWNLOAD_URL;
  if (target) return c.redirect(target, 302);
  c.header('Cache-Control', 'no-store');
  return c.html(NO_APP_PAGE, 404);
}

function consoleNotHere(c: Context<AppEnv>) {
  c.header('Cache-Control', 'no-store');
  c.header('X-Robots-Tag', 'noindex');
  return c.text('Not found', 404);
}

export type App = ReturnType<typeof createApp>;

/**
 * The logger, metrics and clock every app of this process shares: the process's logger at
 * LOG_LEVEL and its metrics (their business figures read from this database), unless given.
 */
function withObservability(input: AppDeps): Deps {
  const clock = input.clock ?? systemClock;
  const logger = input.logger ?? processLogger(input.env.LOG_LEVEL);
  const metrics = input.env.METRICS === 'off' ? undefined : (input.metrics ?? processMetricsOf());
  if (metrics) metrics.setFigures(() => liveFigures(input.database.db, clock.now(), twoDConfig(input.env)));
  return { ...input, clock, logger, metrics };
}

/** The one error handler (both listeners): the contract's envelopes, 503 for a database outage; one log line per failure with the request id. */
const answerError = (logger: Logger) => (err: Error, c: Context<AppEnv>) => {
  if (err instanceof HttpError && err.status === 401 && !err.fieldErrors) {
    const refusal = parseRefusal(err.message);
    return c.json(refusal ? { message: speak(requestLang(c), refusal), code: refusal.code } : { message: err.message }, 401);
  }
  // Domain refusals and handlers' HttpErrors: lib/http.ts `refusalAnswer` is the one mapping.
  if (err instanceof HttpError || err instanceof Refusal) {
    const { status, body } = refusalAnswer(c, err);
    return c.json(body, status);
  }
  // The database is down or unreachable: a retryable 503, not a 500 (lib/db-unavailable.ts).
  const where = { reqId: c.get('requestId'), method: c.req.method, route: c.req.routePath };
  if (isDatabaseUnavailable(err)) {
    logger.warn({ ...where, err: errFields(err) }, 'database unavailable');
    c.header('Retry-After', String(DB_RETRY_AFTER_SECONDS));
    return fail(c, 503, refuse('request.unavailable'));
  }
  logger.error({ ...where, err: errFields(err) }, 'request failed');
  return fail(c, 500, refuse('request.internal'));
};

/**
 * The admin listener of ADMIN_PORT (decision 0018): /api/admin, the console at /admin (decision
 * 0020) and /healthz, so the back office can listen on another port or address than the public
 * site; the public app then answers 404 under /api/admin (routes/admin/index.ts) and /admin.
 */
export function createAdminApp(input: AppDeps) {
  const deps = withObservability(input);
  const app = new Hono<AppEnv>();
  firstOnEveryAnswer(app, deps);
  app.get('/healthz', (c) => c.json({ ok: true, db: deps.database.kind, listener: 'admin' }));
  // Prometheus's scrape on the back office's listener (routes/metrics).
  app.get('/metrics', metricsHandler(deps, 'admin'));
  app.use('/api/*', compressJson());
  app.route('/api/admin', adminRoutes(deps, 'admin'));
  app.all('/api/*', (c) => fail(c, 404, refuse('request.not_found')));
  // The console itself (/admin, its scripts and styles, and the images it previews), so that an
  // operator opens http://ADMIN_HOST:ADMIN_PORT/admin; the player's pages are not served here.
  app.use('/assets/art/*', compressJson());
  app.route('/assets/art', artRoutes(deps));
  app.route('/assets/media', mediaRoutes(deps));
  app.get('/', (c) => c.redirect('/admin', 302));
  app.use('*', async (c, next) => (CONSOLE_PATH.test(c.req.path) || c.req.path.startsWith('/assets/') ? next() : consoleNotHere(c)));
  app.route('/', siteRoutes(deps, () => Promise.resolve(new Response(null, { status: 404 }))));
  return app;
}

const NO_APP_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>KyatPlay app</title>
<style>body{margin:0;min-height:100vh;display:flex;align-items:center;justify-content:center;background:#0b1020;color:#e8ecf4;font:16px/1.5 system-ui,sans-serif;padding:24px;box-sizing:border-box}main{max-width:420px;text-align:center}a{display:inline-block;margin-top:16px;padding:12px 20px;border-radius:12px;background:#f5b942;color:#1b1200;font-weight:700;text-decoration:none}</style>
</head><body><main>
<h1>The app is on its way</h1>
<p>The KyatPlay Android app is not published yet. Everything works in your browser and in Telegram.</p>
<p lang="my">KyatPlay Android အက်ပ်ကို မထုတ်ဝေရသေးပါ။ ဘရောက်ဆာနှင့် Telegram တွင် အားလုံး အသုံးပြုနိုင်ပါသည်။</p>
<a href="/">Back to KyatPlay</a>
</main></body></html>`;
