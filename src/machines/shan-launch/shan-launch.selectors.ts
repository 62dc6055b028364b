import type { SnapshotFrom } from 'xstate';
import { SHAN_DEFAULTS, type shanLaunchMachine } from './shan-launch.machine';

type ShanLaunchSnapshot = SnapshotFrom<typeof shanLaunchMachine>;

/** 'Loading user info...' shows while the player and the card are fetched. */
export const selectIsLoading = (snapshot: ShanLaunchSnapshot) => snapshot.hasTag('loading');
/** The player could not be loaded: the card cannot launch until a reload works. */
export const selectIsUnavailable = (snapshot: ShanLaunchSnapshot) => snapshot.matches('unavailable');
/** The overlay spinner and the disabled button. */
export const selectIsLaunching = (snapshot: ShanLaunchSnapshot) => snapshot.hasTag('busy');
export const selectCanLaunch = (snapshot: ShanLaunchSnapshot) => snapshot.can({ type: 'launch.press' });
export const selectAccount = (snapshot: ShanLaunchSnapshot) => snapshot.context.account;
export const selectLoadedBalance = (snapshot: ShanLaunchSnapshot) => snapshot.context.balance;
export const selectShanInfo = (snapshot: ShanLaunchSnapshot) => snapshot.context.info ?? SHAN_DEFAULTS;
export const selectError = (snapshot: ShanLaunchSnapshot) => snapshot.context.error;
export const selectSuccess = (snapshot: ShanLaunchSnapshot) => snapshot.context.success;
