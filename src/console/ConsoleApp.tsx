import { Redirect, Route, Router, Switch } from 'wouter';
import { Spinner } from '../components/Spinner';
import { useView } from '../app/use-view';
import { connectOperatorSession, type OperatorSessionView } from '../machines/operator-session/operator-session.connect';
import { ConsoleContext } from './context';
import { ConsoleShell, NAV } from './ConsoleShell';
import type { ConsoleLive } from './live';
import { BroadcastScreen } from './screens/BroadcastScreen';
import { CashierScreen } from './screens/CashierScreen';
import { ContentScreen } from './screens/content/ContentScreen';
import { DashboardScreen } from './screens/DashboardScreen';
import { GamesScreen } from './screens/GamesScreen';
import { PlayersScreen } from './screens/PlayersScreen';
import { ReportsScreen } from './screens/ReportsScreen';
import { DisputesScreen } from './screens/DisputesScreen';
import { SignInScreen } from './screens/SignInScreen';
import { TwoDScreen } from './screens/TwoDScreen';
import { OperatorsScreen } from './screens/OperatorsScreen';
import { AuditScreen } from './screens/AuditScreen';

const SCREENS = { dashboard: DashboardScreen, cashier: CashierScreen, 'two-d': TwoDScreen, content: ContentScreen, games: GamesScreen, broadcasts: BroadcastScreen, players: PlayersScreen, reports: ReportsScreen, disputes: DisputesScreen, operators: OperatorsScreen, audit: AuditScreen } as const;

function Pages({ session }: { session: OperatorSessionView }) {
  const allowed = NAV.filter((item) => session.may(item.route));
  return (
    <ConsoleShell session={session}>
      <Switch>
        {allowed.map((item) => (
          <Route key={item.path} path={`/${item.path}`} component={SCREENS[item.path]} />
        ))}
        <Route>{allowed[0] ? <Redirect to={`/${allowed[0].path}`} replace /> : null}</Route>
      </Switch>
    </ConsoleShell>
  );
}

/** /admin/*: the sign-in until a session is open, then the operator's pages (only those their role may use). */
export function ConsoleApp({ live }: { live: ConsoleLive }) {
  const session = useView(live.sessionActor, connectOperatorSession);
  return (
    <ConsoleContext value={live}>
      <Router base="/admin">
        {session.restoring ? (
          <div className="kc-center" role="status">
            <Spinner size={32} />
          </div>
        ) : session.signedIn ? (
          <Pages session={session} />
        ) : (
          <SignInScreen session={session} />
        )}
      </Router>
    </ConsoleContext>
  );
}
