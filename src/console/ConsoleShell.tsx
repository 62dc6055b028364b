import type { ReactNode } from 'react';
import { useTranslation } from '../i18n/react';
import { Link, useRoute } from 'wouter';
import { Button } from '../components/Button';
import type { OperatorSessionView } from '../machines/operator-session/operator-session.connect';
import { LanguagePicker } from './LanguagePicker';

/** The console's pages, each shown to a role that may call the route it reads (GET /me's `routes`). */
export const NAV = [
  { path: 'dashboard', route: 'GET /dashboard', label: 'admin.navDashboard' },
  { path: 'cashier', route: 'GET /deposits', label: 'admin.navCashier' },
  { path: 'two-d', route: 'GET /two-d/exposure', label: 'admin.navTwoD' },
  { path: 'content', route: 'GET /content/:kind', label: 'admin.navContent' },
  { path: 'games', route: 'GET /games', label: 'admin.navGames' },
  { path: 'broadcasts', route: 'GET /broadcasts', label: 'admin.navBroadcasts' },
  { path: 'players', route: 'GET /players', label: 'admin.navPlayers' },
  { path: 'reports', route: 'GET /reports', label: 'admin.navReports' },
  { path: 'disputes', route: 'GET /disputes', label: 'admin.navDisputes' },
  { path: 'operators', route: 'GET /operators', label: 'admin.navOperators' },
  { path: 'audit', route: 'GET /audit', label: 'admin.navAudit' },
] as const;

const ROLE_LABEL = { owner: 'admin.roleOwner', cashier: 'admin.roleCashier', content: 'admin.roleContent', two_d: 'admin.roleTwoD', finance: 'admin.roleFinance' } as const;

function NavLink({ path, label }: { path: string; label: string }) {
  const [active] = useRoute(`/${path}`);
  return (
    <Link href={`/${path}`} className={`kc-nav-link${active ? ' kc-active' : ''}`} aria-current={active ? 'page' : undefined}>
      {label}
    </Link>
  );
}

/** The console's frame: the menu the role may use, who is signed in, the language, sign-out. */
export function ConsoleShell({ session, children }: { session: OperatorSessionView; children: ReactNode }) {
  const { t } = useTranslation();
  const { operator, busy } = session;
  const items = NAV.filter((item) => session.may(item.route));
  return (
    <div className="kc-shell">
      <header className="kc-top">
        <span className="kc-brand">{t('admin.title')}</span>
        <nav aria-label={t('admin.menu')} className="kc-nav">
          {items.map((item) => (
            <NavLink key={item.path} path={item.path} label={t(item.label)} />
          ))}
        </nav>
        <div className="kc-me">
          {operator ? (
            <span className="kc-who" data-testid="operator" title={t('admin.signedInAs', { name: operator.display_name || operator.user_name, role: t(ROLE_LABEL[operator.role]) })}>
              <strong>{operator.display_name || operator.user_name}</strong>
              <span className="kc-muted kc-small">{t(ROLE_LABEL[operator.role])}</span>
            </span>
          ) : null}
          <LanguagePicker />
          <Button variant="outline" busy={busy} onClick={session.signOut}>
            {t('admin.signOut')}
          </Button>
        </div>
      </header>
      <main className="kc-main">{children}</main>
    </div>
  );
}
