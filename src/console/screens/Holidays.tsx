import type { FormEvent, RefObject } from 'react';
import { useTranslation } from '../../i18n/react';
import type { Holiday } from '../../api/admin-ops';
import { Button } from '../../components/Button';
import { Field } from '../../components/Field';
import type { ConsoleActionView } from '../../machines/console-action/console-action.connect';
import { ConfirmDialog } from '../ConfirmDialog';
import { useConsole } from '../context';
import { yangonToday } from '../download';
import { Loaded } from './Loaded';
import { ActionNote } from './ops-shared';
import { useRuleList } from './rule-list';

type HolidayInput = { date: string; name: string };

function HolidayForm({ add, form: formRef }: { add: ConsoleActionView<HolidayInput>; form: RefObject<HTMLFormElement | null> }) {
  const { t } = useTranslation();
  const errors = add.fieldErrors;
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    const form = new FormData(e.currentTarget);
    add.run({ date: String(form.get('date') ?? ''), name: String(form.get('name') ?? '').trim() });
  };
  return (
    <form ref={formRef} className="kc-inline-form" onSubmit={submit}>
      <Field label={t('admin.opsHolidayDate')} name="date" type="date" required error={errors.date} />
      <Field label={t('admin.opsHolidayNote')} name="name" required maxLength={100} error={errors.name} />
      <Button type="submit" busy={add.busy}>
        {t('admin.opsHolidayAdd')}
      </Button>
    </form>
  );
}

function HolidayList({ rows, remove }: { rows: Holiday[]; remove: ConsoleActionView<string> }) {
  const { t } = useTranslation();
  return (
    <>
      {rows.length === 0 ? <p className="kc-empty">{t('admin.opsHolidayNone')}</p> : null}
      <ul className="kc-plain kc-scroll-list">
        {rows.map((h) => (
          <li key={h.date} className="kc-line">
            <span className="kc-mono">{h.date}</span>
            <span className="kc-grow">{h.name}</span>
            <Button variant="ghost" onClick={() => remove.ask(h.date)}>
              {t('admin.opsHolidayRemove')}
            </Button>
          </li>
        ))}
      </ul>
    </>
  );
}

/** Days without draws: today's and later ones, add one, remove one (asked first). */
export function Holidays() {
  const { t } = useTranslation();
  const { admin } = useConsole();
  // Today's and later holidays (Yangon): the past ones no longer matter here.
  const { list, add, remove, form } = useRuleList<Holiday[], HolidayInput, string>(
    () => admin.holidays(yangonToday()),
    { perform: (r) => admin.addHoliday(r), words: (r) => t('admin.opsHolidayAdded', { date: r.date }) },
    { perform: (date) => admin.removeHoliday(date), words: (date) => t('admin.opsHolidayRemoved', { date }) },
  );
  const asked = remove.asked;
  return (
    <section className="card kc-pad kc-stack" aria-label={t('admin.opsHolidaysTitle')} data-testid="holidays">
      <h2 className="kc-h2">{t('admin.opsHolidaysTitle')}</h2>
      <HolidayForm add={add} form={form} />
      <ActionNote result={add.result} />
      <Loaded view={list}>
        <HolidayList rows={list.data ?? []} remove={remove} />
      </Loaded>
      <ActionNote result={remove.result} />
      {asked ? (
        <ConfirmDialog
          title={t('admin.opsHolidayRemove')}
          message={t('admin.opsHolidayRemovePrompt', { date: asked })}
          confirm={t('admin.opsHolidayRemove')}
          onConfirm={remove.confirm}
          onCancel={remove.cancel}
        />
      ) : null}
    </section>
  );
}
