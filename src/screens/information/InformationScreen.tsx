import { useEffect, useRef, useState } from 'react';
import { Redirect, useSearch } from 'wouter';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { Spinner } from '../../components/Spinner';
import { RequireLogin } from '../auth/RequireLogin';
import { ProfileTab } from './ProfileTab';
import { TabCards } from './TabCards';
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
      {tab === 'profile' ? <ProfileTab /> : null}
      {tab === 'transfer' ? <EmptyState icon="wallet" title={t('no_data.title')} hint={t('no_data.transfer')} /> : null}
      {tab === 'logs' ? <EmptyState icon="list" title={t('no_data.title')} hint={t('no_data.logs')} /> : null}
      {overlay ? (
        <div className="kp-fade-in absolute inset-0 z-10 flex items-start justify-center rounded-2xl bg-scrim pt-16 text-primary">
          <Spinner size={32} label={t('common.loading')} />
        </div>
      ) : null}
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
