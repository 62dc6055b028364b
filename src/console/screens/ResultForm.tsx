import { useActorRef, useSelector } from '@xstate/react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ActorRefFrom } from 'xstate';
import type { Exposure, ResultInput, TwoDResult } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import type { consoleActionMachine } from '../../machines/console-action/console-action.machine';
import { selectActionBusy, selectActionFieldErrors, selectActionResult, selectAskedRequest } from '../../machines/console-action/console-action.selectors';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole } from '../context';

/** A draw as the 2D screen shows it: exposure per number and the result, if any. */
export interface DrawView {
  exposure: Exposure;
  result: TwoDResult | null;
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
      ) : r.status === 'confirmed' ? null : (
        <p className="kc-muted">{t('admin.notSettled')}</p>
      )}
    </div>
  );
}

/** Enter the draw's 2D number; confirming it settles the draw (asked first: it cannot be undone). */
export function ResultForm({ view, session, onChanged }: { view: DrawView; session: 'morning' | 'evening'; onChanged: () => void }) {
  const { t } = useTranslation();
  const { admin, action } = useConsole();
  const actor: ActionActor = useActorRef(
    action<ResultInput>((input) => admin.postResult(input), (input) => (input.confirm ? t('admin.resultConfirmed', { twod: input.twod }) : t('admin.resultSaved', { twod: input.twod })), onChanged),
  );
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
      {closed ? null : (
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
