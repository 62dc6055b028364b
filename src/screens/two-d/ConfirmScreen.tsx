import { useEffect } from 'react';
import { useTranslation } from '../../i18n/react';
import type { TwoDDraft } from '../../api/types';
import { selectUser } from '../../machines/auth/auth.selectors';
import { noticeText } from '../../app/notice-text';
import { useAuth } from '../../app/session';
import { Alert } from '../../components/Alert';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/EmptyState';
import { Icon } from '../../../shared/components/Icon';
import { Money } from '../../components/Money';
import { useBetView } from './bet-view';
import { ConfirmLine } from './ConfirmLine';
import { MoveFromGame } from './MoveFromGame';
import { useMainButton } from '../../telegram/use-main-button';
import { useSecondaryButton } from '../../telegram/use-secondary-button';

/**
 * /2d/confirm: the stored bet, line by line (amounts editable, lines deletable), the total, Add
 * more and Submit. It opens from the stored draft (a reload keeps it); with none it leaves for home.
 */
export function ConfirmScreen({ readDraft }: { readDraft: () => TwoDDraft | null }) {
  const { t } = useTranslation();
  const { lines, busy, addMore: more, loadDraft } = useBetView();
  useEffect(() => {
    loadDraft(readDraft());
  }, [loadDraft, readDraft]);

  return (
    <div className="mx-auto flex w-full max-w-2xl flex-col gap-4">
      <div className="flex items-center gap-2">
        <button type="button" className="icon-btn -ml-2 shrink-0" onClick={more} disabled={busy} aria-label={t('btn.back')}>
          <Icon name="chevronLeft" />
        </button>
        <h1 className="min-w-0 flex-1 text-xl font-bold md:text-2xl">{t('two_d.confirmTitle')}</h1>
      </div>
      {lines.length ? (
        <Review />
      ) : (
        <EmptyState
          icon="ticket"
          title={t('two_d.nothingToConfirm')}
          action={
            <button type="button" className="btn-primary px-6" onClick={more}>
              {t('two_d.addMore')}
            </button>
          }
        />
      )}
    </div>
  );
}

function Review() {
  const { t } = useTranslation();
  const { lines, overLimit, editing, error, busy, canSubmit, submit, total, addMore: more } = useBetView();
  useMainButton({ text: t('two_d.submit'), enabled: canSubmit, busy, onClick: submit });
  // Inside Telegram (7.10+) both actions are native buttons, so the page's row goes.
  const nativeMore = useSecondaryButton({ text: t('two_d.addMore'), enabled: !busy, busy: false, onClick: more });

  return (
    <>
      <ul aria-label={t('two_d.lines')} className="flex flex-col gap-2">
        {lines.map((line) => (
          <ConfirmLine key={line.num} line={line} overLimit={overLimit.includes(line.num)} editing={editing?.num === line.num ? editing.value : null} error={editing?.num === line.num ? error : null} locked={busy || (!!editing && editing.num !== line.num)} />
        ))}
      </ul>
      {/* Short in the main balance: move from the game wallet, then the bet goes on (decision 0032). */}
      {busy ? null : <MoveFromGame stake={Number(total) || 0} onMoved={submit} />}
      {/* Pinned above the bottom bar: the total and the actions stay in reach of a long list. */}
      <div className="sticky bottom-[calc(var(--kp-bottombar-h)+var(--kp-safe-bottom)+8px)] z-20 lg:bottom-4">
        <div className="card flex flex-col gap-2 p-3 shadow-2xl">
          {error && !editing ? <Alert>{noticeText(t, error)}</Alert> : null}
          <ReviewTotals />
          {/* Equal columns for the buttons shown (an old Telegram keeps Add more alone). */}
          <div className={`grid auto-cols-fr grid-flow-col gap-2 ${nativeMore ? 'tg-web-only' : ''}`}>
            <button type="button" className="btn-outline" onClick={more} disabled={busy}>
              <Icon name="plus" size={18} />
              {t('two_d.addMore')}
            </button>
            <Button busy={busy} disabled={!canSubmit} onClick={submit} className="tg-web-only">
              {t('two_d.submit')}
            </Button>
          </div>
        </div>
      </div>
    </>
  );
}

/** How many lines, the main balance they are paid from, and the total. */
function ReviewTotals() {
  const { t } = useTranslation();
  const { lines, total } = useBetView();
  const user = useAuth(selectUser);
  return (
    <div className="flex items-end justify-between gap-3">
      <div className="min-w-0">
        <p className="text-xs text-muted">
          {t('two_d.count')}: <span className="tabular-nums text-fg">{lines.length}</span>
        </p>
        <p className="text-xs text-muted">
          {t('wallet.mainBalance')}: <Money value={user?.main_balance} className="text-fg" />
        </p>
      </div>
      <div className="text-right">
        <p className="text-xs text-muted">{t('two_d.total')}</p>
        <Money value={total} className="text-xl" />
      </div>
    </div>
  );
}
