/**
 * Composition root, content part: promotions and their details dialog, contact channels, and the
 * video ads with the per-reel players, provided with real effects (the content calls, navigation,
 * the <video> elements). Its own chunk, loaded when a content screen first needs it. Created once
 * per app by live.ts.
 */
import { fromPromise, type AnyActorRef } from 'xstate';
import { navigate } from 'wouter/use-browser-location';
import type { Api } from '../api/client';
import { contentApi } from '../api/content';
import { i18n } from '../i18n';
import { promotionModalMachine } from '../machines/promotion-modal/promotion-modal.machine';
import { reelPlayerMachine, type PlayVideoInput } from '../machines/reel-player/reel-player.machine';
import { resourceMachine } from '../machines/resource/resource.machine';
import type { Promotion } from '../api/types';
import { warmRead } from './warm';

export interface ContentDeps {
  api: Api;
  /** The session actor (unused here: every content call works for guests too). */
  authActor: AnyActorRef;
}

/** Where Claim Offer leads: the contact channels, told which promotion is being claimed. */
export const claimUrl = (promotionId: number) => `/contact?promo=${promotionId}`;

/** The reels on screen; unmuting one mutes the others (only one reel has sound). */
function createSoundChannel() {
  const reels = new Set<AnyActorRef>();
  return {
    /** Registers a mounted reel; returns its unregistration. */
    join(reel: AnyActorRef): () => void {
      reels.add(reel);
      return () => void reels.delete(reel);
    },
    claim(owner: AnyActorRef): void {
      for (const reel of reels) if (reel !== owner) reel.send({ type: 'sound.mute' });
    },
  };
}

/** Starts the element; resolves once it plays, rejects when the browser refuses (autoplay policy). */
async function playElement(video: HTMLVideoElement | null, muted: boolean): Promise<void> {
  if (!video) throw new Error('The reel has no video element');
  video.muted = muted;
  await video.play();
}

/** One reel's player, driving the <video> the getter returns; its sound goes through the shared channel. */
function liveReelPlayer(getVideo: () => HTMLVideoElement | null, sound: ReturnType<typeof createSoundChannel>) {
  return reelPlayerMachine.provide({
    actors: { playVideo: fromPromise(({ input }: { input: PlayVideoInput }) => playElement(getVideo(), input.muted)) },
    actions: {
      pauseVideo: () => getVideo()?.pause(),
      applySound: (_, { muted }) => {
        const video = getVideo();
        if (video) video.muted = muted;
      },
      claimSound: ({ self }) => sound.claim(self),
    },
  });
}

export function createContentMachines({ api }: ContentDeps) {
  const content = contentApi(api);
  const resource = (load: () => Promise<unknown>) => resourceMachine.provide({ actors: { load: fromPromise(load) } });
  const sound = createSoundChannel();
  const promotions = resource(() => content.promotions(i18n.language));
  // The promotions as the page came with them (boot, src/main.tsx): the list's first frame shows them.
  const warmPromotions = warmRead<Promotion[]>(10_000);

  return {
    /** Promotions in the reader's language: start one per language. */
    promotions,
    /** Reads the promotions before the first render (answered from the page's embedded copy). */
    primePromotions: () => warmPromotions.fill(i18n.language, () => content.promotions(i18n.language)),
    /**
     * The options to start the promotions' actor with in `lang`: the list primePromotions read, while
     * fresh, as a loaded list (no second read); else nothing (the actor loads).
     */
    promotionsStart: (lang: string) => {
      const data = warmPromotions.peek(lang);
      return data ? { snapshot: promotions.resolveState({ value: 'ready', context: { data, error: null } }) } : {};
    },
    promotionModal: promotionModalMachine.provide({
      actions: { goToClaim: (_, { promotionId }) => navigate(claimUrl(promotionId)) },
    }),
    /** Support channels: fresh on every visit; Try Again reloads them. */
    contacts: resource(() => content.contacts()),
    /** Video ads (the /ads-video list and the /reels): captions in the reader's language. */
    videoAds: resource(() => content.videoAds(i18n.language)),
    /** One reel's player, driving the <video> the getter returns. */
    reelPlayer: (getVideo: () => HTMLVideoElement | null) => liveReelPlayer(getVideo, sound),
    /** A mounted reel joins the sound channel; the returned function leaves it. */
    joinReelSound: (reel: AnyActorRef) => sound.join(reel),
  };
}

export type ContentMachines = ReturnType<typeof createContentMachines>;
