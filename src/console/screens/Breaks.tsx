import type { FormEvent, RefObject } from 'react';
import { useTranslation } from '../../i18n/react';
import type { BreakLimits } from '../../api/admin-ops';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import type { ConsoleActionView } from '../../machines/console-action/console-action.connect';
import { useConsole } from '../context';
import { Loaded } from './Loaded';
import { ActionNote, kyat } from './ops-shared';
import { useRuleList } from './rule-list';

type BreakInput = { number: string; break_amount: number };

function BreakForm({ set, form: formRef }: { set: ConsoleActionView<BreakInput>; form: RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation();
  const errors = set.fieldErrors;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    const amount = String(form.get('break_amount') ?? '').replace(/[,\s]/g, '');
    set.run({ number: String(form.get('number') ?? '').trim(), break_amount: /^\d+$/.test(amount) ? Number(amount) : (amount as unknown as number) });
  };
  return (
    <form ref={formRef} className="kc-inline-form" onSubmit={submit}>
      <Field label={t('admin.opsBreakNumber')} name="number" numeric required pattern="[0-9]{2}" maxLength={2} error={errors.number} />
      <Field label={t('admin.opsBreakAmount')} name="break_amount" numeric required maxLength={13} error={errors.break_amount} />
      <Button type="submit" busy={set.busy}>
        {t('admin.opsBreakSet')}
      </Button>
    </form>
  );
}

function BreakList({ data, remove }: { data: BreakLimits | null; remove: ConsoleActionView<string> }) {
  const { t } = useTranslation();
  return (
    <>
      {data && data.limits.length === 0 ? <p className="kc-empty">{t('admin.opsBreakNone')}</p> : null}
      <ul className="kc-plain">
        {(data?.limits ?? []).map((l) => (
          <li key={l.number} className="kc-line">
            <strong className="kc-mono">{l.number}</strong>
            <span className="kc-grow money">{kyat(l.break_amount)} Ks</span>
            <Button variant="ghost" onClick={() => remove.run(l.number)}>
              {t('admin.opsBreakRemove')}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Per-number breaks (the most a number may take), over the default; set or remove one. */
export function Breaks({ onChanged }: { onChanged: () => void }) {
  const { t } = useTranslation();
  const { admin } = useConsole();
  const { list, add: set, remove, form } = useRuleList<BreakLimits, BreakInput, string>(
    () => admin.limits(),
    { perform: (r) => admin.setLimit(r), words: (r) => t('admin.opsBreakSaved', { number: r.number }) },
    { perform: (n) => admin.removeLimit(n), words: (n) => t('admin.opsBreakRemoved', { number: n }) },
    onChanged,
  );
  const data = list.data;
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.opsBreaksTitle')} data-testid="breaks">
      <h2 className="kc-h2">{t('admin.opsBreaksTitle')}</h2>
      {data ? <p className="kc-muted kc-small">{t('admin.opsBreakDefault', { amount: kyat(data.default_break) })}</p> : null}
      <BreakForm set={set} form={form} />
      <ActionNote result={set.result} />
      <Loaded view={list}>
        <BreakList data={data} remove={remove} />
      </Loaded>
      <ActionNote result={remove.result} />
    </section>
  );
}
