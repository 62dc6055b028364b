import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProductionConfig } from '../../server/config-check';
import { readEnv } from '../../server/env';
import { runAdminCli } from '../support/admin-cli';

/**
 * Production mode (issue 11): NODE_ENV=production refuses an unsafe configuration at start, listing
 * every problem at once; `admin doctor` prints the same report without starting; a safe
 * configuration starts and seeds no demo data; `npm start` with nothing set stays the demo.
 */

const SAFE: Record<string, string> = {
  NODE_ENV: 'production',
  PUBLIC_URL: 'https://play.example.com',
  ADMIN_TOKEN: 'a'.repeat(8) + 'Zq81bX0c4kLm2Pw7Rt5Yv9Ns3Hd6Gf0J',
  SEAMLESS_SECRET_KEY: 'f3b9c2a71d8e4f60b5a9c3d2e1f0a7b6c5d4e3f2',
  SHAN_SECRET_KEY: '0c9d8e7f6a5b4c3d2e1f0a9b8c7d6e5f4a3b2c1d',
  AGGREGATOR_URL: 'http://127.0.0.1:9/aggregator',
  AGGREGATOR_OPERATOR_CODE: 'op-live',
  SEAMLESS_ALLOWED_IPS: '203.0.113.10,198.51.100.0/24',
  SHAN_PROVIDER_URL: 'http://127.0.0.1:9/shan',
};

interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** `npm run serve` as a deploy would run it, with exactly this environment. */
function startServer(env: Record<string, string>, untilReady = false): Promise<Run & { url?: string; stop: () => void }> {
  return new Promise((resolve) => {
    const child = spawn('node_modules/.bin/tsx', ['server/index.ts'], {
      env: { PATH: process.env.PATH, HOME: process.env.HOME, STATIC_DIR: '/nonexistent', HOST: '127.0.0.1', PORT: '0', ...env },
    });
    let stdout = '';
    let stderr = '';
    const stop = () => child.kill('SIGTERM');
    child.stdout.on('data', (d) => {
      stdout += d;
      const m = /KyatPlay on (http:\/\/localhost:\d+)/.exec(stdout);
      if (untilReady && m) resolve({ code: null, stdout, stderr, url: m[1]!.replace('localhost', '127.0.0.1'), stop });
    });
    child.stderr.on('data', (d) => (stderr += d));
    child.on('exit', (code) => resolve({ code, stdout, stderr, stop }));
  });
}

const tempDirs: string[] = [];
const dataDir = () => {
  const dir = mkdtempSync(join(tmpdir(), 'kp-prod-'));
  tempDirs.push(dir);
  return dir;
};
afterAll(() => {
  for (const dir of tempDirs) rmSync(dir, { recursive: true, force: true });
});

describe('production start', () => {
  it('with nothing configured refuses to start and lists every problem at once', async () => {
    const run = await startServer({ NODE_ENV: 'production', DATA_DIR: dataDir() });
    expect(run.code).toBe(1);
    for (const variable of ['PUBLIC_URL', 'SEAMLESS_SECRET_KEY', 'SHAN_SECRET_KEY', 'AGGREGATOR_URL', 'SHAN_PROVIDER_URL']) {
      expect(run.stderr).toContain(`✗ ${variable}:`);
    }
    expect(run.stderr).toContain('Refusing to start');
    expect(run.stdout).not.toContain('KyatPlay on');
  });

  it('refuses the secrets published in this repository, a short ADMIN_TOKEN, http, the demo seed and a real aggregator without an allow-list', async () => {
    const run = await startServer({
      ...SAFE,
      DATA_DIR: dataDir(),
      SEAMLESS_SECRET_KEY: 'kyatplay-dev-seamless-secret',
      SHAN_SECRET_KEY: 'kyatplay-dev-shan-secret',
      ADMIN_TOKEN: 'sixteen-chars-ok',
      PUBLIC_URL: 'http://play.example.com',
      SEED_DEMO: '1',
      SEAMLESS_ALLOWED_IPS: '',
      TELEGRAM_BOT_TOKEN: '7000000001:AAH-a-bot-token',
    });
    expect(run.code).toBe(1);
    expect(run.stderr).toMatch(/✗ SEAMLESS_SECRET_KEY: is a value published/);
    expect(run.stderr).toMatch(/✗ SHAN_SECRET_KEY: is a value published/);
    expect(run.stderr).toMatch(/✗ ADMIN_TOKEN: 16 characters/);
    expect(run.stderr).toMatch(/✗ PUBLIC_URL: http:\/\/play.example.com is not https/);
    expect(run.stderr).toMatch(/✗ SEED_DEMO:/);
    expect(run.stderr).toMatch(/✗ SEAMLESS_ALLOWED_IPS: not set/);
    expect(run.stderr).toMatch(/✗ TELEGRAM_WEBHOOK_SECRET: not set/);
  });

  it('with a safe configuration starts, answers, and has no demo player, agent or referral code', { timeout: 60_000 }, async () => {
    const run = await startServer({ ...SAFE, DATA_DIR: dataDir() }, true);
    try {
      expect(run.url).toBeDefined();
      // The start line names the console (ADMIN_TOKEN, no ADMIN_PORT) and never a demo login.
      expect(run.stdout).toMatch(/Operator console: http:\/\/localhost:\d+\/admin/);
      expect(run.stdout).not.toContain('Demo player');
      expect(run.stdout).not.toContain('demo1234');
      const health = await fetch(`${run.url}/healthz`);
      expect(health.status).toBe(200);
      const login = await fetch(`${run.url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ user_name: 'Pi00000001', password: 'demo1234' }),
      });
      expect(login.status).not.toBe(200);
      const agents = await fetch(`${run.url}/api/admin/agents`, { headers: { authorization: `Bearer ${SAFE.ADMIN_TOKEN}` } });
      expect(agents.status).toBe(200);
      expect((await agents.json()).data).toEqual([]);
    } finally {
      run.stop();
    }
  });

  it('the 2D simulation and the demo seed are off in production unless asked for, on in a development start', () => {
    const prod = readEnv({ ...SAFE });
    expect(prod.SEED_DEMO).toBe(false);
    expect(prod.TWO_D_SIMULATE).toBe(false);
    const dev = readEnv({});
    expect(dev.SEED_DEMO).toBe(true);
    expect(dev.TWO_D_SIMULATE).toBe(true);
    expect(readEnv({ ...SAFE, TWO_D_SIMULATE: '1' }).TWO_D_SIMULATE).toBe(true);
  });

  it('refuses weak secrets that are long enough, a secret reused, a TRUST_PROXY that trusts everyone, and a Telegram max age over a day', () => {
    const problemsOf = (over: Record<string, string>) => checkProductionConfig(readEnv({ ...SAFE, ...over })).problems;
    const only = (over: Record<string, string>, variable: string) => {
      const problems = problemsOf(over);
      expect(problems, JSON.stringify(over)).toHaveLength(1);
      expect(problems[0]!.startsWith(`${variable}: `), problems[0]).toBe(true);
      return problems[0]!;
    };
    expect(only({ ADMIN_TOKEN: 'a'.repeat(32) }, 'ADMIN_TOKEN')).toMatch(/only 1 different characters/);
    expect(only({ SHAN_SECRET_KEY: 'abcdefghi'.repeat(4) }, 'SHAN_SECRET_KEY')).toMatch(/only 9 different characters/);
    expect(only({ SEAMLESS_SECRET_KEY: SAFE.ADMIN_TOKEN! }, 'SEAMLESS_SECRET_KEY')).toMatch(/the same value as ADMIN_TOKEN/);
    expect(only({ TELEGRAM_BOT_TOKEN: '7000000026:AAH-doctor-test-bot-token-xyz', TELEGRAM_WEBHOOK_SECRET: SAFE.SHAN_SECRET_KEY! }, 'TELEGRAM_WEBHOOK_SECRET')).toMatch(/same value as SHAN_SECRET_KEY/);
    for (const everyone of ['0.0.0.0/0', '::/0', '10.0.0.1,0.0.0.0/0']) expect(only({ TRUST_PROXY: everyone }, 'TRUST_PROXY')).toMatch(/trusts every address/);
    expect(only({ TRUST_PROXY: 'true' }, 'TRUST_PROXY')).toMatch(/number of proxies/);
    expect(() => readEnv({ ...SAFE, TRUST_PROXY: '*' })).toThrow(/TRUST_PROXY/);
    expect(problemsOf({ TRUST_PROXY: '1' })).toEqual([]);
    expect(problemsOf({ TRUST_PROXY: '10.0.0.0/8' })).toEqual([]);
    expect(only({ TELEGRAM_AUTH_MAX_AGE_SECONDS: '31536000' }, 'TELEGRAM_AUTH_MAX_AGE_SECONDS')).toMatch(/at most a day/);
    expect(problemsOf({ TELEGRAM_AUTH_MAX_AGE_SECONDS: '86400' })).toEqual([]);
    expect(readEnv({}).TELEGRAM_AUTH_MAX_AGE_SECONDS).toBe(3600);
  });

  it('a safe configuration has no problems; an explicit 2D simulation is a note, not a refusal', () => {
    expect(checkProductionConfig(readEnv(SAFE)).problems).toEqual([]);
    const simulated = checkProductionConfig(readEnv({ ...SAFE, TWO_D_SIMULATE: '1' }));
    expect(simulated.problems).toEqual([]);
    expect(simulated.notes.join('\n')).toContain('TWO_D_SIMULATE=1');
  });
});

describe('admin doctor', () => {
  it('prints the production report for this environment without a server, exit 1 when a start would refuse', async () => {
    const run = await runAdminCli(['doctor'], { SEAMLESS_SECRET_KEY: 'kyatplay-dev-seamless-secret' });
    expect(run.code).toBe(1);
    expect(run.stdout).toContain('as a production start');
    expect(run.stdout).toMatch(/✗ SEAMLESS_SECRET_KEY: is a value published/);
    expect(run.stdout).toMatch(/✗ PUBLIC_URL: not set/);
  });

  it('exit 0 and "No problems" for a safe configuration', async () => {
    const run = await runAdminCli(['doctor'], SAFE);
    expect(run.stdout).toContain('No problems');
    expect(run.code).toBe(0);
  });
});
