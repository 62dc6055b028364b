import type { ReactNode } from 'react';
import type { ActorRefFrom } from 'xstate';
import { useTranslation } from '../../i18n/react';
import type { pagedListMachine } from '../../machines/paged-list/paged-list.machine';
import { connectPagedList } from '../../machines/paged-list/paged-list.connect';
import { useView } from '../../app/use-view';
import { EmptyState } from '../../components/EmptyState';
import { ErrorState } from '../../components/ErrorState';
import type { IconName } from '../../../shared/components/Icon';
import { Pager } from '../../components/Pager';
import { SkeletonCards } from '../../components/Skeleton';

export type PagedListActor = ActorRefFrom<typeof pagedListMachine>;

interface Props<T> {
  actor: PagedListActor;
  /** Rows as the screen knows them; the composition root feeds this list the matching API rows. */
  render: (items: T[]) => ReactNode;
  empty: { title: string; hint?: string; icon?: IconName };
  /** The failure text when the server gave none. */
  failedMessage: string;
}

/** The client's stand-in for an answer without a message (src/api/client.ts). */
const NO_SERVER_MESSAGE = 'Something Went Wrong!';

/** Any paginated list: skeletons, failure with Try again, empty, or the rows and the pager. */
export function PagedListView<T>({ actor, render, empty, failedMessage }: Props<T>) {
  const { t } = useTranslation();
  const view = useView(actor, connectPagedList);
  const { loading, error } = view;
  const items = view.items as T[];

  if (view.failed) {
    // Spec §8: the server's message, else the list's own failure text; no answer at all is the network.
    const message =
      error?.status === 0 ? t('log.networkError') : error?.message && error.message !== NO_SERVER_MESSAGE ? error.message : failedMessage;
    return <ErrorState message={message} onRetry={view.retry} />;
  }
  if (loading && !items.length) return <SkeletonCards label={t('common.loading')} count={4} />;

  return (
    <div aria-busy={loading || undefined}>
      {view.empty ? (
        <EmptyState icon={empty.icon ?? 'list'} title={empty.title} hint={empty.hint} />
      ) : (
        <div className={`transition-opacity duration-150 ${loading ? 'opacity-50' : ''}`}>{render(items)}</div>
      )}
      <Pager page={view.page} lastPage={view.lastPage} hasPrev={view.hasPrev} hasNext={view.hasNext} busy={loading} onPrev={view.prev} onNext={view.next} />
    </div>
  );
}
