import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { useAuthActor } from '../../app/session';
import { useView } from '../../app/use-view';
import { Money } from '../../components/Money';
import { Skeleton } from '../../components/Skeleton';
import { Spinner } from '../../components/Spinner';
import { connectAuth } from '../../machines/auth/auth.connect';
import type { ShanLaunchView } from '../../machines/shan-launch/shan-launch.connect';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="flex min-h-11 items-center justify-between gap-3 border-b border-line py-2 last:border-b-0">
      <dt className="text-sm text-muted">{label}</dt>
      <dd className="min-w-0 truncate text-right font-semibold tabular-nums">{children}</dd>
    </div>
  );
}

/**
 * Account, game balance and product code. The balance follows the session's 5-second poller, so
 * rounds settled in the game tab show up here; the launcher's own load stands in until then.
 */
export function ShanDetails({ view }: { view: ShanLaunchView }) {
  const { t } = useTranslation();
  const { loading, account, loadedBalance, productCode } = view;
  const liveBalance = useView(useAuthActor(), connectAuth).user?.balance;
  const placeholder = <Skeleton className="ml-auto h-4 w-28" />;

  return (
    <div>
      {loading ? (
        <p role="status" className="mb-1 flex items-center gap-2 text-sm text-muted">
          <Spinner size={16} />
          {t('shan.loadingUser')}
        </p>
      ) : null}
      <dl className="rounded-xl bg-raised px-3">
        <Row label={t('shan.account')}>{loading ? placeholder : <span data-testid="shan-account">{account}</span>}</Row>
        <Row label={t('shan.balance')}>
          {loading ? (
            placeholder
          ) : (
            <span data-testid="shan-balance" className="text-lg">
              <Money value={liveBalance ?? loadedBalance} />
            </span>
          )}
        </Row>
        <Row label={t('shan.productCode')}>{loading ? placeholder : <span data-testid="shan-product-code">{productCode}</span>}</Row>
      </dl>
    </div>
  );
}
