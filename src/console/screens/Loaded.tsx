import { useSelector } from '@xstate/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { Spinner } from '../../components/Spinner';
import type { resourceMachine } from '../../machines/resource/resource.machine';

export type ResourceActor = ActorRefFrom<typeof resourceMachine>;

/** A read's three faces: a spinner the first time, the failure with a retry, else the content. */
export function Loaded({ actor, children }: { actor: ResourceActor; children: ReactNode }) {
  const { t } = useTranslation();
  const first = useSelector(actor, (s) => s.matches('loading') && s.context.data === null);
  const error = useSelector(actor, (s) => (s.matches('failed') ? s.context.error : null));
  if (first)
    return (
      <div className="kc-center">
        <Spinner size={32} label={t('admin.loading')} />
      </div>
    );
  if (error)
    return (
      <div className="kc-stack">
        <Alert tone="error">{error.message}</Alert>
        <Button variant="outline" onClick={() => actor.send({ type: 'resource.retry' })}>
          {t('admin.retry')}
        </Button>
      </div>
    );
  return <>{children}</>;
}
