import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import type { BooksCheck } from '../../api/admin';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { StatusBadge } from '../../components/StatusBadge';
import { intlLocale } from '../../i18n';
import { formatApiTime } from '../../../shared/date-format';
import { connectConsoleAction } from '../../machines/console-action/console-action.connect';
import { connectResource } from '../../machines/resource/resource.connect';
import { useConsole } from '../context';
import { Loaded, type ResourceActor } from './Loaded';

const KIND_LABEL: Record<string, 'admin.booksWalletMismatch' | 'admin.booksNegative' | 'admin.booksChainBreak' | 'admin.booksRowArithmetic' | 'admin.booksMissing' | 'admin.booksOrphan'> = {
  wallet_mismatch: 'admin.booksWalletMismatch',
  negative_balance: 'admin.booksNegative',
  chain_break: 'admin.booksChainBreak',
  row_arithmetic: 'admin.booksRowArithmetic',
  missing_ledger: 'admin.booksMissing',
  orphan_ledger: 'admin.booksOrphan',
};
const SHOWN = 5;

function LastCheck({ check }: { check: BooksCheck }) {
  const { t } = useTranslation();
  const s = check.summary;
  return (
    <>
      <p className="kc-muted">{t('admin.booksLast', { time: formatApiTime(check.started_at, intlLocale()), actor: check.actor })}</p>
      <p>{check.ok ? <StatusBadge tone="success" label={t('admin.booksOk')} /> : <StatusBadge tone="failed" label={t('admin.booksBad', { count: s.discrepancies })} />}</p>
      <p className="kc-muted kc-small">{t('admin.booksFacts', { wallets: s.wallets, rows: s.ledger_rows, ms: s.duration_ms })}</p>
      {check.ok ? null : (
        <ul className="kc-plain kc-small">
          {check.discrepancies.slice(0, SHOWN).map((d, i) => (
            <li key={i}>
              {KIND_LABEL[d.kind] ? t(KIND_LABEL[d.kind]) : d.kind}
              {d.user_id === null ? '' : ` · ${t('admin.booksPlayer', { id: d.user_id })}`}
              {d.wallet ? ` · ${d.wallet}` : ''} · {d.ids.join(' ')}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** The dashboard's books card (decision 0029): the last check and its outcome; "Check now" for whoever may run one. */
export function BooksCard({ canRun }: { canRun: boolean }) {
  const { t } = useTranslation();
  const { admin, resource, action } = useConsole();
  const actor: ResourceActor = useActorRef(resource(() => admin.lastBooksCheck()));
  const last = useView(actor, connectResource<BooksCheck | null>);
  const run = useView(
    useActorRef(action<null>(() => admin.checkBooks(), () => t('admin.booksDone'), () => last.refresh())),
    connectConsoleAction<null>,
  );
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.booksTitle')}>
      <h2 className="kc-h2">{t('admin.booksTitle')}</h2>
      <Loaded view={last}>{last.data ? <LastCheck check={last.data} /> : <p className="kc-muted">{t('admin.booksNone')}</p>}</Loaded>
      {run.result && !run.result.ok ? <Alert tone="error">{run.result.message}</Alert> : null}
      {canRun ? (
        <div>
          <Button variant="outline" busy={run.busy} onClick={() => run.run(null)}>
            {t('admin.booksCheckNow')}
          </Button>
        </div>
      ) : null}
    </section>
  );
}
