import { describe, expect, it } from 'vitest';
import { oneAtATime } from '../../server/routes/wallet/one-at-a-time';

const tick = () => new Promise((r) => setTimeout(r, 1));

describe('oneAtATime (a player’s exchanges wait their turn in this process)', () => {
  it('runs one task per key at a time, in arrival order', async () => {
    const run = oneAtATime();
    const log: string[] = [];
    let running = 0;
    let most = 0;
    const task = (name: string) => async () => {
      running += 1;
      most = Math.max(most, running);
      log.push(`start ${name}`);
      await tick();
      log.push(`end ${name}`);
      running -= 1;
      return name;
    };
    const results = await Promise.all([run(1, task('a')), run(1, task('b')), run(1, task('c'))]);
    expect(results).toEqual(['a', 'b', 'c']);
    expect(most).toBe(1);
    expect(log).toEqual(['start a', 'end a', 'start b', 'end b', 'start c', 'end c']);
  });

  it('lets different keys run side by side', async () => {
    const run = oneAtATime();
    let running = 0;
    let most = 0;
    const task = async () => {
      running += 1;
      most = Math.max(most, running);
      await tick();
      running -= 1;
    };
    await Promise.all([run(1, task), run(2, task), run(3, task)]);
    expect(most).toBe(3);
  });

  it('a failing task rejects its own caller only; the next one still runs', async () => {
    const run = oneAtATime();
    const failing = run(7, async () => {
      await tick();
      throw new Error('refused');
    });
    const next = run(7, async () => 'ran');
    await expect(failing).rejects.toThrow('refused');
    await expect(next).resolves.toBe('ran');
    await expect(run(7, async () => 'again')).resolves.toBe('again');
  });
});
