/**
 * The Shan Koe Mee card's view object: loading or unavailable, the player's account and loaded
 * balance, the card's product, the banner's text, and the intents (launch, load again).
 */
import type { SnapshotFrom } from 'xstate';
import { intentsPerActor } from '../shared/connect';
import { SHAN_DEFAULTS, type ShanLaunchEvent, type shanLaunchMachine } from './shan-launch.machine';
import {
  selectAccount,
  selectCanLaunch,
  selectError,
  selectIsLaunching,
  selectIsLoading,
  selectIsUnavailable,
  selectLoadedBalance,
  selectShanInfo,
  selectSuccess,
} from './shan-launch.selectors';

type ShanLaunchSnapshot = SnapshotFrom<typeof shanLaunchMachine>;
type Send = (event: ShanLaunchEvent) => void;

const intents = intentsPerActor((send: Send) => ({
  /** Sent inside the click: the machine reserves the game tab there (past pop-up blockers). */
  launch: () => send({ type: 'launch.press' }),
  /** The player could not be loaded: load the card anew. */
  reload: () => send({ type: 'info.reload' }),
}));

export function connectShanLaunch(snapshot: ShanLaunchSnapshot, send: Send) {
  const info = selectShanInfo(snapshot);
  return {
    loading: selectIsLoading(snapshot),
    unavailable: selectIsUnavailable(snapshot),
    launching: selectIsLaunching(snapshot),
    canLaunch: selectCanLaunch(snapshot),
    account: selectAccount(snapshot),
    /** The game balance as loaded; the screen prefers the session's live one. */
    loadedBalance: selectLoadedBalance(snapshot),
    productCode: info.productCode,
    gameName: info.gameName,
    /** Our own Shan Koe Mee (its name is in every language), not another product. */
    ownGame: info.productCode === SHAN_DEFAULTS.productCode,
    error: selectError(snapshot),
    success: selectSuccess(snapshot),
    ...intents(send),
  };
}

export type ShanLaunchView = ReturnType<typeof connectShanLaunch>;
