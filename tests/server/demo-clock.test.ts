import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { checkProductionConfig } from '../../server/config-check';
import { readEnv } from '../../server/env';
import { runningFrom } from '../../server/lib/clock';

/**
 * DEMO_CLOCK_START (README § 2D): a demo server lives at a chosen instant and runs on from there,
 * so a newcomer can try 2D on a weekend; production refuses it.
 */
const MONDAY_MORNING = '2026-11-23T03:30:00Z'; // Monday 10:00 Yangon

describe('DEMO_CLOCK_START', () => {
  it('the clock reads the start now and runs on in real time', () => {
    let real = 1_000_000;
    const clock = runningFrom(MONDAY_MORNING, () => real);
    expect(clock.now().toISOString()).toBe('2026-11-23T03:30:00.000Z');
    real += 90_000;
    expect(clock.now().toISOString()).toBe('2026-11-23T03:31:30.000Z');
  });

  it('takes an ISO instant with a zone, nothing else', () => {
    expect(readEnv({ DEMO_CLOCK_START: MONDAY_MORNING }).DEMO_CLOCK_START).toBe(MONDAY_MORNING);
    expect(readEnv({ DEMO_CLOCK_START: '2026-11-23T10:00+06:30' }).DEMO_CLOCK_START).toBe('2026-11-23T10:00+06:30');
    for (const bad of ['monday', '2026-11-23 10:00', '2026-11-23T10:00', '2026-13-45T10:00:00Z']) {
      expect(() => readEnv({ DEMO_CLOCK_START: bad }), bad).toThrow();
    }
    expect(readEnv({}).DEMO_CLOCK_START).toBeUndefined();
  });

  it('is a problem for a production start', () => {
    const report = checkProductionConfig(readEnv({ NODE_ENV: 'production', DEMO_CLOCK_START: MONDAY_MORNING }));
    expect(report.problems.some((p) => p.startsWith('DEMO_CLOCK_START:'))).toBe(true);
    expect(checkProductionConfig(readEnv({ NODE_ENV: 'production' })).problems.some((p) => p.startsWith('DEMO_CLOCK_START'))).toBe(false);
  });

  describe('a real demo start', () => {
    const dir = mkdtempSync(join(tmpdir(), 'kp-demo-clock-'));
    afterAll(() => rmSync(dir, { recursive: true, force: true }));

    it('serves the 2D live feed at the demo time: Monday morning, betting open', async () => {
      const child = spawn('node_modules/.bin/tsx', ['server/index.ts'], {
        env: { PATH: process.env.PATH, HOME: process.env.HOME, STATIC_DIR: '/nonexistent', HOST: '127.0.0.1', PORT: '0', DATA_DIR: dir, DEMO_CLOCK_START: MONDAY_MORNING },
      });
      try {
        const url = await new Promise<string>((resolve, reject) => {
          let out = '';
          child.stdout.on('data', (d) => {
            out += d;
            const m = /KyatPlay on (http:\/\/localhost:\d+)/.exec(out);
            if (m) resolve(m[1]!.replace('localhost', '127.0.0.1'));
          });
          child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
        });
        const live = (await (await fetch(`${url}/api/live`)).json()) as { server_time?: string; data?: { server_time?: string } };
        const serverTime = live.server_time ?? live.data?.server_time ?? '';
        expect(serverTime, 'Monday 23 November, 10:00–10:01 Yangon').toMatch(/^2026-11-23 10:0[01]:\d{2}$/);
      } finally {
        child.kill('SIGTERM');
      }
    }, 60_000);
  });
});
