import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Exposure, ResultInput, TwoDResult } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import type { consoleActionMachine } from '../../machines/console-action/console-action.machine';
import { selectActionBusy, selectActionFieldErrors, selectActionResult, selectAskedRequest } from '../../machines/console-action/console-action.selectors';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole } from '../context';
import { ActionNote, useYangonTime } from './ops-shared';

/** A draw as the 2D screen shows it: exposure per number and the result, if any. */
export interface DrawView {
  exposure: Exposure;
  result: TwoDResult | null;
  /** Both draws of the day (their settlement status). */
  day?: TwoDResult[];
}

type ActionActor = ActorRefFrom<typeof consoleActionMachine>;

function ResultStatus({ view }: { view: DrawView }) {
  const { t } = useTranslation();
  const r = view.result;
  if (!r) return <p className="kc-muted">{t('admin.noResult')}</p>;
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

/** Enter the draw's 2D number; confirming it settles the draw (asked first: it cannot be undone). */
export function ResultForm({ view, session, onChanged }: { view: DrawView; session: 'morning' | 'evening'; onChanged: () => void }) {
  const { t } = useTranslation();
  const { admin, action } = useConsole();
  // Under two-person confirmation a first confirm only waits: the answer says which happened.
  const answer = useRef<Awaited<ReturnType<typeof admin.postResult>> | null>(null);
  const actor: ActionActor = useActorRef(
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
  const reject: ActionActor = useActorRef(action<{ date: string; session: 'morning' | 'evening' }>((r) => admin.rejectResult(r), () => t('admin.opsRejectDone'), onChanged));
  const rejectAsked = useSelector(reject, selectAskedRequest);
  const time = useYangonTime();
  const pending = view.result?.pending ?? null;
  const [twod, setTwod] = useState(view.result?.twod ?? '');
  const busy = useSelector(actor, selectActionBusy);
  const result = useSelector(actor, selectActionResult);
  const errors = useSelector(actor, selectActionFieldErrors);
  const asked = useSelector(actor, selectAskedRequest) as ResultInput | null;
  const closed = view.result?.status === 'confirmed';
  const request = (confirm: boolean): ResultInput => ({ date: view.exposure.date, session, twod, confirm });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    actor.send({ type: 'action.ask', request: request(true) });
  };
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.enterResult')}>
      <h2 className="kc-h2">{t('admin.enterResult')}</h2>
      <ResultStatus view={view} />
      {pending && view.result ? (
        <div className="kc-stack kc-pending" data-testid="result-pending">
          <p className="kc-warn">{t('admin.opsPendingBy', { twod: view.result.twod, by: pending.by, time: time(pending.at, 'time') })}</p>
          <div className="kc-actions">
            <Button busy={busy} onClick={() => actor.send({ type: 'action.ask', request: { date: view.exposure.date, session, twod: view.result!.twod, confirm: true } })}>
              {t('admin.opsConfirmSecond', { twod: view.result.twod })}
            </Button>
            <Button variant="outline" onClick={() => reject.send({ type: 'action.ask', request: { date: view.exposure.date, session } })}>
              {t('admin.opsReject')}
            </Button>
          </div>
          <ActionNote actor={reject} />
        </div>
      ) : null}
      {closed || pending ? null : (
        <form className="kc-stack" onSubmit={submit}>
          <Field label={t('admin.resultNumber')} name="twod" numeric required pattern="[0-9]{2}" maxLength={2} value={twod} onChange={(e) => setTwod(e.target.value)} error={errors.twod ?? errors.confirm ?? errors.date} />
          <div className="kc-actions">
            <Button type="submit" busy={busy}>
              {t('admin.confirmResult')}
            </Button>
            <Button variant="outline" disabled={busy || !/^\d{2}$/.test(twod)} onClick={() => actor.send({ type: 'action.run', request: request(false) })}>
              {t('admin.saveProvisional')}
            </Button>
          </div>
        </form>
      )}
      {result ? (
        <p role="status" className={result.ok ? 'kc-good' : 'kc-bad'}>
          {result.message}
        </p>
      ) : null}
      {rejectAsked && view.result ? (
        <ConfirmDialog
          title={t('admin.opsReject')}
          message={t('admin.opsRejectPrompt', { twod: view.result.twod })}
          confirm={t('admin.opsReject')}
          onConfirm={() => reject.send({ type: 'action.confirm' })}
          onCancel={() => reject.send({ type: 'action.cancel' })}
        />
      ) : null}
      {asked ? (
        <ConfirmDialog
          title={t('admin.confirmTitle')}
          message={t('admin.confirmPrompt', { twod: asked.twod, date: asked.date, session: t(session === 'morning' ? 'admin.morning' : 'admin.evening') })}
          confirm={t('admin.confirmResult')}
          onConfirm={() => actor.send({ type: 'action.confirm' })}
          onCancel={() => actor.send({ type: 'action.cancel' })}
        />
      ) : null}
    </section>
  );
}
