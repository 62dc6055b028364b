/** One reel's view object (src/machines/reel-player/reel-player.connect.ts) over a live player. */
import { describe, expect, it } from 'vitest';
import { connectReelPlayer } from '../../src/machines/reel-player/reel-player.connect';
import { REEL_VISIBLE_RATIO, reelPlayerMachine } from '../../src/machines/reel-player/reel-player.machine';
import { driveView } from '../support/connect-driver';

const start = () => driveView(reelPlayerMachine, connectReelPlayer, { pageVisible: true });
const refused = new Error('NotAllowedError');
const names = (reel: ReturnType<typeof start>) => reel.actions().map((a) => a && a.name);

/** A reel in view whose video plays (muted). */
async function playing() {
  const reel = start();
  reel.view().setInView(true);
  await reel.answer('playVideo');
  return reel;
}

describe('connectReelPlayer', () => {
  it('paused and muted out of view; in view it starts muted and plays', async () => {
    const reel = start();
    expect(reel.view()).toMatchObject({ playing: false, blocked: false, muted: true, visibleRatio: REEL_VISIBLE_RATIO });
    reel.view().setInView(true);
    expect(reel.calls()).toEqual([{ actor: 'playVideo', input: { muted: true } }]);
    await reel.answer('playVideo');
    expect(reel.view().playing).toBe(true);
  });

  it('out of view or a hidden page pauses it; back in view it plays again', async () => {
    const reel = await playing();
    reel.view().setInView(false);
    expect(reel.view().playing).toBe(false);
    expect(names(reel)).toContain('pauseVideo');
    reel.view().setInView(true);
    await reel.answer('playVideo');
    reel.view().setPageHidden(true);
    expect(reel.view().playing).toBe(false);
    reel.view().setPageHidden(false);
    expect(reel.calls()).toHaveLength(3);
  });

  it('the sound button unmutes (muting the other reels) and mutes again', async () => {
    const reel = await playing();
    reel.view().toggleSound();
    expect(reel.view().muted).toBe(false);
    expect(names(reel)).toEqual(expect.arrayContaining(['applySound', 'claimSound']));
    reel.view().toggleSound();
    expect(reel.view().muted).toBe(true);
  });

  it('refused even muted: blocked, and a tap starts it', async () => {
    const reel = start();
    reel.view().setInView(true);
    await reel.refuse('playVideo', refused);
    expect(reel.view()).toMatchObject({ blocked: true, playing: false });
    reel.view().tap();
    expect(reel.view().blocked).toBe(false);
    await reel.answer('playVideo');
    expect(reel.view().playing).toBe(true);
  });

  it('gives the same intents for every snapshot (the viewport and page listeners stay put)', async () => {
    const reel = start();
    const first = reel.view();
    reel.view().setInView(true);
    expect(reel.view().setInView).toBe(first.setInView);
    expect(reel.view().setPageHidden).toBe(first.setPageHidden);
  });
});
