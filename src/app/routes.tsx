import { lazy, Suspense, type ComponentType } from 'react';
import { Route, Switch, useLocation } from 'wouter';
import { Spinner } from '../components/Spinner';
import { LoginRoute } from '../screens/auth/LoginRoute';
import { ErrorScreen } from '../screens/error/ErrorScreen';
import { HomeScreen } from '../screens/home/HomeScreen';

/** Screens not needed for the first paint of `/` load on demand. */
const InformationScreen = lazy(() => import('../screens/information/InformationScreen').then((m) => ({ default: m.InformationScreen })));

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

function NotFound() {
  const [path] = useLocation();
  return <ErrorScreen status={404} path={path} />;
}

/**
 * The route table. A route is registered only when its screen exists; every other path gets the
 * router-level error screen (404). Paths match case-insensitively (the spec links /Promotion).
 */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/" component={HomeScreen} />
      <Route path="/login" component={LoginRoute} />
      <Route path="/information" component={InformationPage} />
      <Route component={NotFound} />
    </Switch>
  );
}
