import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch } from 'wouter';
import { Spinner } from '../components/Spinner';
import { loadExtraStrings } from '../i18n';
import { loadMoreIcons } from '../../shared/components/Icon';
import { LoginRoute } from '../screens/auth/LoginRoute';
import { HomeScreen } from '../screens/home/HomeScreen';

/** Screens not needed for the first paint of `/` load on demand, with the extra strings. */
const InformationScreen = lazyWithStrings(() => import('../screens/information/InformationScreen').then((m) => ({ default: m.InformationScreen })));
const WalletScreen = lazyWithStrings(() => import('../screens/wallet/WalletScreen').then((m) => ({ default: m.WalletScreen })));
const InternalTransferScreen = lazyWithStrings(() => import('../screens/wallet/InternalTransferScreen').then((m) => ({ default: m.InternalTransferScreen })));
const WalletHistoryScreen = lazyWithStrings(() => import('../screens/wallet/WalletHistoryScreen').then((m) => ({ default: m.WalletHistoryScreen })));
const TransactionsScreen = lazyWithStrings(() => import('../screens/wallet/TransactionsScreen').then((m) => ({ default: m.TransactionsScreen })));
const ExchangeLogScreen = lazyWithStrings(() => import('../screens/wallet/ExchangeLogScreen').then((m) => ({ default: m.ExchangeLogScreen })));
const GamesScreen = lazyWithStrings(() => import('../screens/games/GamesScreen').then((m) => ({ default: m.GamesScreen })));
const DemoPlayScreen = lazyWithStrings(() => import('../screens/demo-play/DemoPlayScreen').then((m) => ({ default: m.DemoPlayScreen })));
const RankingScreen = lazyWithStrings(() => import('../screens/ranking/RankingScreen').then((m) => ({ default: m.RankingScreen })));
const DepositPage = lazyWithStrings(() => import('../screens/cashier/CashierPages').then((m) => ({ default: m.DepositPage })));
const WithdrawPage = lazyWithStrings(() => import('../screens/cashier/CashierPages').then((m) => ({ default: m.WithdrawPage })));
const TwoDScreen = lazyWithStrings(() => import('../screens/two-d/TwoDScreen').then((m) => ({ default: m.TwoDScreen })));
const TwoDBetFlow = lazyWithStrings(() => import('../screens/two-d/TwoDBetFlow').then((m) => ({ default: m.TwoDBetFlow })));
const MorningSlipScreen = lazyWithStrings(() => import('../screens/two-d/SlipScreen').then((m) => ({ default: m.MorningSlipScreen })));
const EveningSlipScreen = lazyWithStrings(() => import('../screens/two-d/SlipScreen').then((m) => ({ default: m.EveningSlipScreen })));
const DailyWinnersScreen = lazyWithStrings(() => import('../screens/two-d/DailyWinnersScreen').then((m) => ({ default: m.DailyWinnersScreen })));
const HolidayScreen = lazyWithStrings(() => import('../screens/two-d/HolidayScreen').then((m) => ({ default: m.HolidayScreen })));

/**
 * A later screen: it renders once its code, the extra locale bundle and the rest of the icon set
 * are here (fetched in parallel, the strings once per language).
 */
export function lazyWithStrings(load: () => Promise<{ default: ComponentType }>) {
  return lazy(() => Promise.all([load(), loadExtraStrings(), loadMoreIcons()]).then(([mod]) => mod));
}

/** Later screens (their strings in the extra bundle). */
const DigitBetScreen = lazyWithStrings(() => import('../screens/digit-bet/DigitBetScreen').then((m) => ({ default: m.DigitBetScreen })));
const FairnessScreen = lazyWithStrings(() => import('../screens/fairness/FairnessScreen').then((m) => ({ default: m.FairnessScreen })));
const ShanScreen = lazyWithStrings(() => import('../screens/shan/ShanScreen').then((m) => ({ default: m.ShanScreen })));
const PromotionScreen = lazyWithStrings(() => import('../screens/promotion/PromotionScreen').then((m) => ({ default: m.PromotionScreen })));
const ContactScreen = lazyWithStrings(() => import('../screens/contact/ContactScreen').then((m) => ({ default: m.ContactScreen })));
const AboutScreen = lazyWithStrings(() => import('../screens/about/AboutScreen').then((m) => ({ default: m.AboutScreen })));
const AdsVideoScreen = lazyWithStrings(() => import('../screens/videos/VideoScreens').then((m) => ({ default: m.AdsVideoScreen })));
const ReelsScreen = lazyWithStrings(() => import('../screens/videos/VideoScreens').then((m) => ({ default: m.ReelsScreen })));

function PageLoading() {
  return (
    <div className="flex justify-center py-16 text-primary">
      <Spinner size={32} />
    </div>
  );
}

function lazyPage(Screen: ComponentType) {
  return function LazyPage() {
    return (
      <Suspense fallback={<PageLoading />}>
        <Screen />
      </Suspense>
    );
  };
}

const InformationPage = lazyPage(InformationScreen);
const WalletPage = lazyPage(WalletScreen);
const InternalTransferPage = lazyPage(InternalTransferScreen);
const WalletHistoryPage = lazyPage(WalletHistoryScreen);
const TransactionsPage = lazyPage(TransactionsScreen);
const ExchangeLogPage = lazyPage(ExchangeLogScreen);
const TopUpBankPage = lazyPage(DepositPage);
const GamesPage = lazyPage(GamesScreen);
const DemoPlayPage = lazyPage(DemoPlayScreen);
const RankingPage = lazyPage(RankingScreen);
const WithDrawPage = lazyPage(WithdrawPage);
const TwoDPage = lazyPage(TwoDScreen);
const TwoDBetFlowPage = lazyPage(TwoDBetFlow);
const MorningSlipPage = lazyPage(MorningSlipScreen);
const EveningSlipPage = lazyPage(EveningSlipScreen);
const DailyWinnersPage = lazyPage(DailyWinnersScreen);
const HolidayPage = lazyPage(HolidayScreen);
const DigitBetPage = lazyPage(DigitBetScreen);
const FairnessPage = lazyPage(FairnessScreen);
const ShanPage = lazyPage(ShanScreen);
const PromotionPage = lazyPage(PromotionScreen);
const ContactPage = lazyPage(ContactScreen);
const AboutPage = lazyPage(AboutScreen);
const AdsVideoPage = lazyPage(AdsVideoScreen);
const ReelsPage = lazyPage(ReelsScreen);

/**
 * /2d/bet and /2d/confirm are one route: the bet actor they share lives in the flow's provider,
 * which must stay mounted between the two pages.
 */
export const TWO_D_BET_FLOW = /^\/2d\/(bet|confirm)\/?$/i;

/**
 * The key of the error boundary around a page: a new page gets a fresh boundary, except that
 * the 2D bet flow's two pages are one (a new boundary would drop the actor they share).
 */
export function pageKey(path: string): string {
  return TWO_D_BET_FLOW.test(path) ? '/2d/bet-flow' : path;
}

/** Any other path: a kind 'page not found' with the way home (its own small chunk). */
const NotFound = lazyPage(lazyWithStrings(() => import('../screens/error/NotFoundScreen').then((m) => ({ default: m.NotFoundScreen }))));

/**
 * The route table. A route is registered only when its screen exists; every other path gets the
 * router-level error screen (404). Paths match case-insensitively (the spec links /Promotion).
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomeScreen} />
      <Route path="/login" component={LoginRoute} />
      <Route path="/games" component={GamesPage} />
      <Route path="/demo-play" component={DemoPlayPage} />
      <Route path="/ranking" component={RankingPage} />
      <Route path="/information" component={InformationPage} />
      <Route path="/wallet" component={WalletPage} />
      <Route path="/wallet/internal-transfer" component={InternalTransferPage} />
      <Route path="/wallet-history" component={WalletHistoryPage} />
      <Route path="/transactions" component={TransactionsPage} />
      <Route path="/exchange-log" component={ExchangeLogPage} />
      <Route path="/top-up/bank" component={TopUpBankPage} />
      <Route path="/with-draw" component={WithDrawPage} />
      <Route path="/2d" component={TwoDPage} />
      <Route path={TWO_D_BET_FLOW} component={TwoDBetFlowPage} />
      <Route path="/2d/daily-winner" component={DailyWinnersPage} />
      <Route path="/2d/holiday" component={HolidayPage} />
      <Route path="/morning-bet-slip" component={MorningSlipPage} />
      <Route path="/evening-bet-slip" component={EveningSlipPage} />
      <Route path="/digitbet" component={DigitBetPage} />
      <Route path="/fairness" component={FairnessPage} />
      <Route path="/shan" component={ShanPage} />
      <Route path="/promotion" component={PromotionPage} />
      <Route path="/contact" component={ContactPage} />
      <Route path="/about" component={AboutPage} />
      <Route path="/ads-video" component={AdsVideoPage} />
      <Route path="/reels" component={ReelsPage} />
      <Route component={NotFound} />
    </Switch>
  );
}
