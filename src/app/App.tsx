import { Suspense, useEffect, useMemo } from 'react';
import { Router, useLocation, useRouter, type Parser } from 'wouter';
import { ErrorBoundary } from './ErrorBoundary';
import { replayFirstTap } from './tap-replay';
import { Layout } from './layout/Layout';
import type { Live } from './live';
import { AppRoutes, lazyWithStrings, pageKey } from './routes';
import { SessionProvider, useAuthActor } from './session';
import { useView } from './use-view';
import { connectAuth } from '../machines/auth/auth.connect';
import { Spinner } from '../components/Spinner';

/** Shown only after an operator's password reset: a chunk of its own, with its machines (live-profile). */
const ForcedPasswordScreen = lazyWithStrings(() => import('../screens/auth/ForcedPasswordScreen').then((m) => ({ default: m.ForcedPasswordScreen })));

/** wouter's own pattern parser, made case-insensitive: /Promotion and /promotion are one page. */
function caseInsensitive(base: Parser): Parser {
  return (route, loose) => {
    const { pattern, keys } = base(route, loose);
    if (!(pattern instanceof RegExp) || pattern.flags.includes('i')) return { pattern, keys };
    return { pattern: new RegExp(pattern.source, pattern.flags + 'i'), keys };
  };
}

function Routed() {
  const [path] = useLocation();
  // After an operator's password reset every page is the new-password screen (decision 0034).
  const { mustChangePassword } = useView(useAuthActor(), connectAuth);
  // A new page gets a fresh boundary, so one broken page does not stick to the next.
  return (
    <Layout>
      <ErrorBoundary key={pageKey(path)}>{mustChangePassword ? (
          <Suspense fallback={<Spinner size={28} />}>
            <ForcedPasswordScreen />
          </Suspense>
        ) : (
          <AppRoutes />
        )}</ErrorBoundary>
    </Layout>
  );
}

export function App({ live }: { live: Live }) {
  const { parser } = useRouter();
  const ciParser = useMemo(() => caseInsensitive(parser), [parser]);
  // After the first commit has replaced the server's first screen: a tap made on it is repeated.
  useEffect(() => replayFirstTap(), []);
  return (
    <ErrorBoundary>
      <SessionProvider value={live}>
        <Router parser={ciParser}>
          <Routed />
        </Router>
      </SessionProvider>
    </ErrorBoundary>
  );
}
