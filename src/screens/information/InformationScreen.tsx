import { Suspense, useEffect, useRef, useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { useTranslation } from '../../i18n/react';
import { Spinner } from '../../components/Spinner';
import { RequireLogin } from '../auth/RequireLogin';
import { LogsTab } from './LogsTab';
import { ProfileTab } from './ProfileTab';
import { TabCards } from './TabCards';
import { TransferTab } from './TransferTab';
import { isInformationTab, TAB_OVERLAY_MS, type InformationTab } from './tabs';

/** /information?tab=profile|transfer|logs — the player's account pages. */
export function InformationScreen() {
  const { t } = useTranslation();
  const tab = new URLSearchParams(useSearch()).get('tab');
  if (!isInformationTab(tab)) return <Redirect to="/information?tab=profile" replace />;

  return (
    <div className="flex flex-col gap-5">
      <h1 className="text-xl font-bold md:text-2xl">{t('information.title')}</h1>
      <RequireLogin>
        <TabCards current={tab} />
        <TabBody tab={tab} />
      </RequireLogin>
    </div>
  );
}

function TabBody({ tab }: { tab: InformationTab }) {
  const { t } = useTranslation();
  const overlay = useTabOverlay(tab);
  return (
    <div className="relative min-h-40" aria-busy={overlay || undefined}>
      {/* The first money screen waits here for the wallet machines' chunk, under the tab cards. */}
      <Suspense fallback={<TabLoading label={t('common.loading')} />}>
        {tab === 'profile' ? <ProfileTab /> : null}
        {tab === 'transfer' ? <TransferTab /> : null}
        {tab === 'logs' ? <LogsTab /> : null}
      </Suspense>
      {overlay ? (
        <div className="kp-fade-in absolute inset-0 z-10 flex items-start justify-center rounded-2xl bg-scrim pt-16 text-primary">
          <Spinner size={32} label={t('common.loading')} />
        </div>
      ) : null}
    </div>
  );
}

function TabLoading({ label }: { label: string }) {
  return (
    <div className="flex justify-center py-16 text-primary">
      <Spinner size={32} label={label} />
    </div>
  );
}

/** A short overlay while the newly chosen tab settles in (view feedback, not a data wait). */
function useTabOverlay(tab: InformationTab): boolean {
  const [overlay, setOverlay] = useState(false);
  const previous = useRef(tab);
  useEffect(() => {
    if (previous.current === tab) return;
    previous.current = tab;
    setOverlay(true);
    const timer = setTimeout(() => setOverlay(false), TAB_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [tab]);
  return overlay;
}
