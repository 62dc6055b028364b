/**
 * Every machine under path coverage. Add a machine here (with its model file beside its test)
 * and `npm run qa:paths` exports it; its `<flow>.paths.test.ts` replays the same paths.
 */
import { authPaths } from '../machines/auth.paths';
import { balancePaths } from '../machines/balance.paths';
import { broadcastPaths } from '../machines/broadcast.paths';
import { carouselPaths } from '../machines/carousel.paths';
import { cashierQueuePaths } from '../machines/cashier-queue.paths';
import { changePasswordPaths } from '../machines/change-password.paths';
import { consoleActionPaths } from '../machines/console-action.paths';
import { contentEditorPaths } from '../machines/content-editor.paths';
import { dailyWinnersPaths } from '../machines/daily-winners.paths';
import { depositFormPaths } from '../machines/deposit-form.paths';
import { digitBetPaths } from '../machines/digit-bet.paths';
import { exchangePaths } from '../machines/exchange.paths';
import { fairnessPaths } from '../machines/fairness.paths';
import { gameLaunchPaths } from '../machines/game-launch.paths';
import { gameListPaths } from '../machines/game-list.paths';
import { gameLogsPaths } from '../machines/game-logs.paths';
import { internalTransferPaths } from '../machines/internal-transfer.paths';
import { liveFeedPaths } from '../machines/live-feed.paths';
import { notificationSettingsPaths } from '../machines/notification-settings.paths';
import { operatorSessionPaths } from '../machines/operator-session.paths';
import { pagedListPaths } from '../machines/paged-list.paths';
import { popupAdPaths } from '../machines/popup-ad.paths';
import { promotionModalPaths } from '../machines/promotion-modal.paths';
import { reelPlayerPaths } from '../machines/reel-player.paths';
import { resourcePaths } from '../machines/resource.paths';
import { shanLaunchPaths } from '../machines/shan-launch.paths';
import { startRoutePaths } from '../machines/start-route.paths';
import { telegramLinkPaths } from '../machines/telegram-link.paths';
import { telegramSignInPaths } from '../machines/telegram-sign-in.paths';
import { twoDBetPaths } from '../machines/two-d-bet.paths';
import { withdrawFormPaths } from '../machines/withdraw-form.paths';
import { walletMovePaths } from '../machines/wallet-move.paths';
import type { PathModel } from './paths';

export const pathModels: PathModel[] = [
  authPaths,
  balancePaths,
  broadcastPaths,
  changePasswordPaths,
  exchangePaths,
  internalTransferPaths,
  depositFormPaths,
  withdrawFormPaths,
  walletMovePaths,
  pagedListPaths,
  gameListPaths,
  gameLaunchPaths,
  carouselPaths,
  popupAdPaths,
  gameLogsPaths,
  resourcePaths,
  liveFeedPaths,
  twoDBetPaths,
  dailyWinnersPaths,
  digitBetPaths,
  fairnessPaths,
  shanLaunchPaths,
  promotionModalPaths,
  reelPlayerPaths,
  telegramSignInPaths,
  startRoutePaths,
  telegramLinkPaths,
  notificationSettingsPaths,
  operatorSessionPaths,
  cashierQueuePaths,
  consoleActionPaths,
  contentEditorPaths,
];
