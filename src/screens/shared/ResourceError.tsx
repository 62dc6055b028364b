import { useTranslation } from '../../i18n/react';
import { ErrorState } from '../../components/ErrorState';
import { useResource, type ResourceActor } from './use-resource';

/**
 * Spec §8: a failed read says 'Something Went Wrong!' (or that the network failed), with Try again;
 * a server failure also shows its request id for support (issue 28).
 */
export function ResourceError({ actor }: { actor: ResourceActor }) {
  const { t } = useTranslation();
  const { error, retry } = useResource(actor);
  const message = error?.status === 0 ? t('errors.network') : t('errors.somethingWrong');
  return <ErrorState message={message} onRetry={retry} reference={error?.requestId} />;
}
