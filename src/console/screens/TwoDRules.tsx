import { useActorRef, useSelector } from '@xstate/react';
import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { BreakLimits, Closure, Holiday } from '../../api/admin-ops';
import type { TwoDResult } from '../../api/admin';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import { selectActionBusy, selectActionFieldErrors, selectAskedRequest } from '../../machines/console-action/console-action.selectors';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole } from '../context';
import './ops.css';
import { Loaded, type ResourceActor } from './Loaded';
import { ActionNote, type ActionActor } from './ops-shared';

const kyat = (amount: string) => Number(amount).toLocaleString('en-US');

/** The day's two draws: result, and whether it is settled, voided or waiting. */
export function DrawsToday({ results }: { results: TwoDResult[] }) {
  const { t } = useTranslation();
  const line = (session: 'morning' | 'evening') => {
    const r = results.find((x) => x.session === session);
    if (!r) return <span className="kc-muted">{t('admin.opsDrawNoResult')}</span>;
    if (r.settlement?.outcome === 'voided') return <span className="kc-warn">{t('admin.opsDrawVoided')}</span>;
    if (r.settlement) return <span className="kc-good">{t('admin.opsDrawSettled', { twod: r.twod, winners: r.settlement.winners, paid: kyat(r.settlement.paid) })}</span>;
    if (r.pending) return <span className="kc-warn">{t('admin.opsDrawPending', { twod: r.twod })}</span>;
    if (r.status === 'confirmed') return <span>{t('admin.opsDrawConfirmed', { twod: r.twod })}</span>;
    return <span className="kc-muted">{t('admin.opsDrawProvisional', { twod: r.twod })}</span>;
  };
  return (
    <section className="card kc-pad" aria-label={t('admin.opsDraws')} data-testid="draws-today">
      <h2 className="kc-h2">{t('admin.opsDraws')}</h2>
      <dl className="kc-facts">
        <dt>{t('admin.morning')}</dt>
        <dd>{line('morning')}</dd>
        <dt>{t('admin.evening')}</dt>
        <dd>{line('evening')}</dd>
      </dl>
    </section>
  );
}

function Holidays() {
  const { t } = useTranslation();
  const { admin, resource, action } = useConsole();
  // Today's and later holidays (Yangon): the past ones no longer matter here.
  const list: ResourceActor = useActorRef(resource(() => admin.holidays(new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Yangon' }).format(new Date()))));
  const refresh = () => list.send({ type: 'resource.refresh' });
  const form = useRef<HTMLFormElement>(null);
  const add: ActionActor = useActorRef(
    action<{ date: string; name: string }>((r) => admin.addHoliday(r), (r) => t('admin.opsHolidayAdded', { date: r.date }), () => {
      form.current?.reset();
      refresh();
    }),
  );
  const remove: ActionActor = useActorRef(action<string>((date) => admin.removeHoliday(date), (date) => t('admin.opsHolidayRemoved', { date }), refresh));
  const rows = useSelector(list, (s) => (s.context.data as Holiday[] | null) ?? []);
  const errors = useSelector(add, selectActionFieldErrors);
  const busy = useSelector(add, selectActionBusy);
  const asked = useSelector(remove, selectAskedRequest) as string | null;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    add.send({ type: 'action.run', request: { date: String(form.get('date') ?? ''), name: String(form.get('name') ?? '').trim() } });
  };
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.opsHolidaysTitle')} data-testid="holidays">
      <h2 className="kc-h2">{t('admin.opsHolidaysTitle')}</h2>
      <form ref={form} className="kc-inline-form" onSubmit={submit}>
        <Field label={t('admin.opsHolidayDate')} name="date" type="date" required error={errors.date} />
        <Field label={t('admin.opsHolidayNote')} name="name" required maxLength={100} error={errors.name} />
        <Button type="submit" busy={busy}>
          {t('admin.opsHolidayAdd')}
        </Button>
      </form>
      <ActionNote actor={add} />
      <Loaded actor={list}>
        {rows.length === 0 ? <p className="kc-empty">{t('admin.opsHolidayNone')}</p> : null}
        <ul className="kc-plain kc-scroll-list">
          {rows.map((h) => (
            <li key={h.date} className="kc-line">
              <span className="kc-mono">{h.date}</span>
              <span className="kc-grow">{h.name}</span>
              <Button variant="ghost" onClick={() => remove.send({ type: 'action.ask', request: h.date })}>
                {t('admin.opsHolidayRemove')}
              </Button>
            </li>
          ))}
        </ul>
      </Loaded>
      <ActionNote actor={remove} />
      {asked ? (
        <ConfirmDialog
          title={t('admin.opsHolidayRemove')}
          message={t('admin.opsHolidayRemovePrompt', { date: asked })}
          confirm={t('admin.opsHolidayRemove')}
          onConfirm={() => remove.send({ type: 'action.confirm' })}
          onCancel={() => remove.send({ type: 'action.cancel' })}
        />
      ) : null}
    </section>
  );
}

type ClosureInput = { kind: Closure['kind']; value: string };
const closureNumbers = (c: ClosureInput) => (c.kind === 'head' ? `${c.value}0–${c.value}9` : c.value);

function Closures({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { admin, resource, action } = useConsole();
  const [kind, setKind] = useState<Closure['kind']>('number');
  const list: ResourceActor = useActorRef(resource(() => admin.closures()));
  const refresh = () => {
    list.send({ type: 'resource.refresh' });
    onChanged();
  };
  const form = useRef<HTMLFormElement>(null);
  const close: ActionActor = useActorRef(
    action<ClosureInput>((r) => admin.addClosure(r), (r) => t('admin.opsClosureAdded', { numbers: closureNumbers(r) }), () => {
      form.current?.reset();
      refresh();
    }),
  );
  const reopen: ActionActor = useActorRef(action<ClosureInput>((r) => admin.removeClosure(r), (r) => t('admin.opsClosureRemoved', { numbers: closureNumbers(r) }), refresh));
  const rows = useSelector(list, (s) => (s.context.data as Closure[] | null) ?? []);
  const errors = useSelector(close, selectActionFieldErrors);
  const busy = useSelector(close, selectActionBusy);
  const asked = useSelector(close, selectAskedRequest) as ClosureInput | null;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    close.send({ type: 'action.ask', request: { kind, value: String(new FormData(e.currentTarget).get('value') ?? '').trim() } });
  };
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.opsClosuresTitle')} data-testid="closures">
      <h2 className="kc-h2">{t('admin.opsClosuresTitle')}</h2>
      <p className="kc-muted kc-small">{t('admin.opsClosuresHint')}</p>
      <form ref={form} className="kc-inline-form" onSubmit={submit}>
        <div>
          <label className="label" htmlFor="kc-closure-kind">
            {t('admin.opsClosureKind')}
          </label>
          <select id="kc-closure-kind" className="field" value={kind} onChange={(e) => setKind(e.target.value as Closure['kind'])}>
            <option value="number">{t('admin.opsClosureNumber')}</option>
            <option value="head">{t('admin.opsClosureHead')}</option>
          </select>
        </div>
        <Field key={kind} label={t('admin.opsClosureValue')} name="value" numeric required pattern={kind === 'head' ? '[0-9]' : '[0-9]{2}'} maxLength={kind === 'head' ? 1 : 2} error={errors.value ?? errors.kind} />
        <Button type="submit" busy={busy}>
          {t('admin.opsClosureAdd')}
        </Button>
      </form>
      <ActionNote actor={close} />
      <Loaded actor={list}>
        {rows.length === 0 ? <p className="kc-empty">{t('admin.opsClosureNone')}</p> : null}
        <ul className="kc-plain">
          {rows.map((c) => (
            <li key={`${c.kind}:${c.value}`} className="kc-line">
              <span className="kc-grow">
                {c.kind === 'head' ? t('admin.opsHeadOf', { value: c.value }) : <strong className="kc-mono">{c.value}</strong>}
                {c.kind === 'head' ? <span className="kc-muted kc-small"> · {c.numbers.join(' ')}</span> : null}
              </span>
              <Button variant="ghost" onClick={() => reopen.send({ type: 'action.run', request: { kind: c.kind, value: c.value } })}>
                {t('admin.opsClosureReopen')}
              </Button>
            </li>
          ))}
        </ul>
      </Loaded>
      <ActionNote actor={reopen} />
      {asked ? (
        <ConfirmDialog
          title={t('admin.opsClosureAdd')}
          message={t('admin.opsClosurePrompt', { numbers: closureNumbers(asked) })}
          confirm={t('admin.opsClosureAdd')}
          onConfirm={() => close.send({ type: 'action.confirm' })}
          onCancel={() => close.send({ type: 'action.cancel' })}
        />
      ) : null}
    </section>
  );
}

function Breaks({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { admin, resource, action } = useConsole();
  const list: ResourceActor = useActorRef(resource(() => admin.limits()));
  const refresh = () => {
    list.send({ type: 'resource.refresh' });
    onChanged();
  };
  const form = useRef<HTMLFormElement>(null);
  const set: ActionActor = useActorRef(
    action<{ number: string; break_amount: number }>((r) => admin.setLimit(r), (r) => t('admin.opsBreakSaved', { number: r.number }), () => {
      form.current?.reset();
      refresh();
    }),
  );
  const remove: ActionActor = useActorRef(action<string>((n) => admin.removeLimit(n), (n) => t('admin.opsBreakRemoved', { number: n }), refresh));
  const data = useSelector(list, (s) => s.context.data as BreakLimits | null);
  const errors = useSelector(set, selectActionFieldErrors);
  const busy = useSelector(set, selectActionBusy);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const amount = String(form.get('break_amount') ?? '').replace(/[,\s]/g, '');
    set.send({ type: 'action.run', request: { number: String(form.get('number') ?? '').trim(), break_amount: /^\d+$/.test(amount) ? Number(amount) : (amount as unknown as number) } });
  };
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.opsBreaksTitle')} data-testid="breaks">
      <h2 className="kc-h2">{t('admin.opsBreaksTitle')}</h2>
      {data ? <p className="kc-muted kc-small">{t('admin.opsBreakDefault', { amount: kyat(data.default_break) })}</p> : null}
      <form ref={form} className="kc-inline-form" onSubmit={submit}>
        <Field label={t('admin.opsBreakNumber')} name="number" numeric required pattern="[0-9]{2}" maxLength={2} error={errors.number} />
        <Field label={t('admin.opsBreakAmount')} name="break_amount" numeric required maxLength={13} error={errors.break_amount} />
        <Button type="submit" busy={busy}>
          {t('admin.opsBreakSet')}
        </Button>
      </form>
      <ActionNote actor={set} />
      <Loaded actor={list}>
        {data && data.limits.length === 0 ? <p className="kc-empty">{t('admin.opsBreakNone')}</p> : null}
        <ul className="kc-plain">
          {(data?.limits ?? []).map((l) => (
            <li key={l.number} className="kc-line">
              <strong className="kc-mono">{l.number}</strong>
              <span className="kc-grow money">{kyat(l.break_amount)} Ks</span>
              <Button variant="ghost" onClick={() => remove.send({ type: 'action.run', request: l.number })}>
                {t('admin.opsBreakRemove')}
              </Button>
            </li>
          ))}
        </ul>
      </Loaded>
      <ActionNote actor={remove} />
    </section>
  );
}

/** The 2D rules under the draw: holidays, closed numbers and per-number breaks. */
export function TwoDRules({ onChanged }: { onChanged: () => void }) {
  return (
    <div className="kc-rules">
      <Holidays />
      <Closures onChanged={onChanged} />
      <Breaks onChanged={onChanged} />
    </div>
  );
}
