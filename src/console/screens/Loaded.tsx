import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import type { ActorRefFrom } from 'xstate';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import type { ResourceView } from '../../machines/resource/resource.connect';
import type { resourceMachine } from '../../machines/resource/resource.machine';

export type ResourceActor = ActorRefFrom<typeof resourceMachine>;

/** A read's three faces: a spinner the first time, the failure with a retry, else the content. */
export function Loaded({ view, children }: { view: ResourceView<unknown>; children: ReactNode }) {
  const { t } = useTranslation();
  if (view.firstLoad)
    return (
      <div className="kc-center">
        <Spinner size={32} label={t('admin.loading')} />
      </div>
    );
  if (view.failure) return <LoadFailed message={view.failure.message} onRetry={view.retry} />;
  return <>{children}</>;
}

/** A failed read: its words and a retry (Loaded's, and the paged lists' first page). */
export function LoadFailed({ message, onRetry }: { message: string; onRetry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="kc-stack">
      <Alert tone="error">{message}</Alert>
      <Button variant="outline" onClick={onRetry}>
        {t('admin.retry')}
      </Button>
    </div>
  );
}
