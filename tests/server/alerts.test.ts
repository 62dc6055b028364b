/**
 * Issue 28: the alert rules in deploy/prometheus/alerts.yml are valid for Prometheus
 * (`promtool check rules`, from Debian's prometheus package, which .ci/run installs), and every
 * metric their expressions name is one a real scrape of this server shows.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApp } from '../../server/app';
import type { Database } from '../../server/db/client';
import { seedDemo } from '../../server/db/seed';
import { testEnv } from '../../server/env';
import { createMetrics } from '../../server/lib/metrics';
import { createTestDatabase } from '../support/db';

const RULES = new URL('../../deploy/prometheus/alerts.yml', import.meta.url).pathname;
const text = readFileSync(RULES, 'utf8');

/** Each rule's name and expression (the file's own simple layout: `- alert:` then `expr:`, one line or a `|` block). */
function rules(): { alert: string; expr: string }[] {
  const found: { alert: string; expr: string }[] = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const alert = /^\s*- alert: (\S+)/.exec(lines[i]!)?.[1];
    if (!alert) continue;
    const exprLine = lines[i + 1]!;
    const one = /^\s*expr: (.+)$/.exec(exprLine)?.[1];
    if (one && one.trim() !== '|') found.push({ alert, expr: one });
    else {
      const block: string[] = [];
      for (let j = i + 2; j < lines.length && /^\s{10,}\S/.test(lines[j]!); j++) block.push(lines[j]!.trim());
      found.push({ alert, expr: block.join(' ') });
    }
  }
  return found;
}

describe('Prometheus alert rules', () => {
  let database: Database;
  let scrape = '';

  beforeAll(async () => {
    database = await createTestDatabase('pglite');
    await seedDemo(database.db);
    const app = createAdminApp({ database, env: testEnv({ ADMIN_TOKEN: 'x'.repeat(32), ADMIN_PORT: 0 }), metrics: createMetrics({ cacheMs: 0 }) });
    // Traffic in every status class the rules read, so their series exist.
    await app.request('/healthz');
    await app.request('/api/nothing');
    scrape = await (await app.request('/metrics')).text();
  }, 120_000);
  afterAll(() => database?.close());

  it('passes promtool check rules', () => {
    const out = execFileSync('promtool', ['check', 'rules', RULES], { encoding: 'utf8' });
    expect(out).toMatch(/SUCCESS: \d+ rules found/);
  });

  it('has the issue\'s alerts, each naming only metrics this server exports', () => {
    const list = rules();
    const names = list.map((r) => r.alert);
    for (const wanted of ['KyatPlayDepositWaiting', 'KyatPlayWithdrawalWaiting', 'KyatPlayHighErrorRate', 'KyatPlaySlowRequests', 'KyatPlayBooksCheckFailed', 'KyatPlayBooksCheckStale', 'KyatPlayTwoDResultOverdue', 'KyatPlayEventLoopLag']) {
      expect(names).toContain(wanted);
    }
    expect(list.find((r) => r.alert === 'KyatPlayDepositWaiting')!.expr).toContain('> 15 * 60');
    expect(list.find((r) => r.alert === 'KyatPlayWithdrawalWaiting')!.expr).toContain('> 60 * 60');
    expect(list.find((r) => r.alert === 'KyatPlayBooksCheckStale')!.expr).toContain('> 26 * 3600');
    for (const { alert, expr } of list) {
      for (const metric of expr.match(/\b(kyatplay|nodejs)_[a-z0-9_]+/g) ?? []) {
        expect(scrape, `${alert}: ${metric}`).toMatch(new RegExp(`^${metric}(\\{| )`, 'm'));
      }
    }
  });
});
