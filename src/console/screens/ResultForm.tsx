import { useActorRef } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Exposure, ResultInput, TwoDResult } from '../../api/admin';
import { useView } from '../../app/use-view';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { connectConsoleAction, type ConsoleActionView } from '../../machines/console-action/console-action.connect';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole } from '../context';
import { ActionNote, NotTradingDay, useYangonTime } from './ops-shared';

/** A draw as the 2D screen shows it: exposure per number and the result, if any. */
export interface DrawView {
  exposure: Exposure;
  result: TwoDResult | null;
  /** Both draws of the day (their settlement status). */
  day?: TwoDResult[];
}

function ResultStatus({ view }: { view: DrawView }) {
  const { t } = useTranslation();
  const r = view.result;
  if (!r) return view.exposure.trading_day === false ? <NotTradingDay day={view.exposure} /> : <p className="kc-muted">{t('admin.noResult')}</p>;
  const status = r.status === 'confirmed' ? t('admin.statusConfirmed') : t('admin.statusProvisional');
  return (
    <div className="kc-stack" data-testid="result-status">
      <p>
        {t('admin.resultIs')} <strong className="kc-result">{r.twod}</strong> · {status}
      </p>
      {r.settlement ? (
        <p className="kc-good">{t('admin.settled', { winners: r.settlement.winners, paid: Number(r.settlement.paid).toLocaleString('en-US') })}</p>
      ) : r.status === 'confirmed' || r.pending ? null : (
        <p className="kc-muted">{t('admin.notSettled')}</p>
      )}
    </div>
  );
}

type Session = 'morning' | 'evening';
type RejectRequest = { date: string; session: Session };

/** Under two-person confirmation: the first operator's number, confirm it as the second, or reject it. */
function PendingResult({ view, session, save, reject }: { view: DrawView; session: Session; save: ConsoleActionView<ResultInput>; reject: ConsoleActionView<RejectRequest> }) {
  const { t } = useTranslation();
  const time = useYangonTime();
  const { pending, twod } = view.result!;
  return (
    <div className="kc-stack kc-pending" data-testid="result-pending">
      <p className="kc-warn">{t('admin.opsPendingBy', { twod, by: pending!.by, time: time(pending!.at, 'time') })}</p>
      <div className="kc-actions">
        <Button busy={save.busy} onClick={() => save.ask({ date: view.exposure.date, session, twod, confirm: true })}>
          {t('admin.opsConfirmSecond', { twod })}
        </Button>
        <Button variant="outline" onClick={() => reject.ask({ date: view.exposure.date, session })}>
          {t('admin.opsReject')}
        </Button>
      </div>
      <ActionNote result={reject.result} />
    </div>
  );
}

/** The number: confirm (asked first: it settles the draw) or save as provisional. */
function ResultEntry({ view, session, save, twod, setTwod }: { view: DrawView; session: Session; save: ConsoleActionView<ResultInput>; twod: string; setTwod: (twod: string) => void }) {
  const { t } = useTranslation();
  const errors = save.fieldErrors;
  // A weekend or a holiday has no draw: the entry is shut before a number is typed.
  const closedDay = view.exposure.trading_day === false;
  const request = (confirm: boolean): ResultInput => ({ date: view.exposure.date, session, twod, confirm });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    save.ask(request(true));
  };
  return (
    <form className="kc-stack" onSubmit={submit}>
      <fieldset className="kc-stack kc-fieldset" disabled={closedDay}>
        <Field label={t('admin.resultNumber')} name="twod" numeric required pattern="[0-9]{2}" maxLength={2} value={twod} onChange={(e) => setTwod(e.target.value)} error={errors.twod ?? errors.confirm ?? errors.date} />
        <div className="kc-actions">
          <Button type="submit" busy={save.busy}>
            {t('admin.confirmResult')}
          </Button>
          <Button variant="outline" disabled={save.busy || !/^\d{2}$/.test(twod)} onClick={() => save.run(request(false))}>
            {t('admin.saveProvisional')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

function ResultDialogs({ view, session, save, reject }: { view: DrawView; session: Session; save: ConsoleActionView<ResultInput>; reject: ConsoleActionView<RejectRequest> }) {
  const { t } = useTranslation();
  const asked = save.asked;
  return (
    <>
      {reject.asked && view.result ? (
        <ConfirmDialog title={t('admin.opsReject')} message={t('admin.opsRejectPrompt', { twod: view.result.twod })} confirm={t('admin.opsReject')} onConfirm={reject.confirm} onCancel={reject.cancel} />
      ) : null}
      {asked ? (
        <ConfirmDialog
          title={t('admin.confirmTitle')}
          message={t('admin.confirmPrompt', { twod: asked.twod, date: asked.date, session: t(session === 'morning' ? 'admin.morning' : 'admin.evening') })}
          confirm={t('admin.confirmResult')}
          onConfirm={save.confirm}
          onCancel={save.cancel}
        />
      ) : null}
    </>
  );
}

/** The draw's result as two console actions: save or confirm it, and reject a first operator's number. */
function useResultActions(onChanged: () => void) {
  const { t } = useTranslation();
  const { admin, action } = useConsole();
  // Under two-person confirmation a first confirm only waits: the answer says which happened.
  const answer = useRef<Awaited<ReturnType<typeof admin.postResult>> | null>(null);
  const saveActor = useActorRef(
    action<ResultInput>(
      async (input) => {
        answer.current = await admin.postResult(input);
      },
      (input) =>
        answer.current?.result.pending
          ? t('admin.opsWaitingDone', { twod: answer.current.result.twod })
          : input.confirm
            ? t('admin.resultConfirmed', { twod: answer.current?.result.twod ?? input.twod })
            : t('admin.resultSaved', { twod: input.twod }),
      onChanged,
    ),
  );
  const rejectActor = useActorRef(action<RejectRequest>((r) => admin.rejectResult(r), () => t('admin.opsRejectDone'), onChanged));
  return { save: useView(saveActor, connectConsoleAction<ResultInput>), reject: useView(rejectActor, connectConsoleAction<RejectRequest>) };
}

/** Enter the draw's 2D number; confirming it settles the draw (asked first: it cannot be undone). */
export function ResultForm({ view, session, onChanged }: { view: DrawView; session: Session; onChanged: () => void }) {
  const { t } = useTranslation();
  const { save, reject } = useResultActions(onChanged);
  // Kept here: the number typed survives the form hiding while a result waits for its second confirm.
  const [twod, setTwod] = useState(view.result?.twod ?? '');
  const pending = view.result?.pending ?? null;
  const closed = view.result?.status === 'confirmed';
  const result = save.result;
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.enterResult')}>
      <h2 className="kc-h2">{t('admin.enterResult')}</h2>
      <ResultStatus view={view} />
      {pending && view.result ? <PendingResult view={view} session={session} save={save} reject={reject} /> : null}
      {closed || pending ? null : <ResultEntry view={view} session={session} save={save} twod={twod} setTwod={setTwod} />}
      {result ? (
        <p role="status" className={result.ok ? 'kc-good' : 'kc-bad'}>
          {result.message}
        </p>
      ) : null}
      <ResultDialogs view={view} session={session} save={save} reject={reject} />
    </section>
  );
}
