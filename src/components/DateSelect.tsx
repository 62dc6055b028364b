import { useId } from 'react';
import { useTranslation } from '../i18n/react';
import { intlLocale } from '../i18n';
import { clampDate, dateFieldOrder, dateFieldText, type DateField } from '../../shared/date-format';

interface Props {
  /** The visible name of the whole date. */
  label: string;
  /** 'YYYY-MM-DD' */
  value: string;
  /** The last date that may be chosen, 'YYYY-MM-DD'. */
  max: string;
  /** How many years back from `max` the year list reaches. */
  years?: number;
  onChange: (date: string) => void;
}

const split = (date: string) => date.split('-').map(Number) as [number, number, number];
const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i);

/** Each field's choices: up to `max` (no later month or day in its year and month), `years` years back. */
function dateOptions(value: string, max: string, years: number): Record<DateField, number[]> {
  const [year, month] = split(value);
  const [maxYear, maxMonth, maxDay] = split(max);
  return {
    year: range(maxYear - years + 1, maxYear).reverse(),
    month: range(1, year === maxYear ? maxMonth : 12),
    day: range(1, year === maxYear && month === maxMonth ? maxDay : daysIn(year, month)),
  };
}

/**
 * A date as the reader writes it: day, month and year selects in their language and order
 * (shared/date-format), instead of <input type=date>, which shows the browser's own locale
 * ("11/23/2026" to a Burmese reader). Native selects: keyboard, screen readers and the phone's
 * own picker sheet come with them.
 */
export function DateSelect({ label, value, max, years = 3, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  const locale = intlLocale();
  const [year, month, day] = split(value);
  const options = dateOptions(value, max, years);
  const current: Record<DateField, number> = { year, month, day };
  const change = (field: DateField, n: number) => {
    const next = { ...current, [field]: n };
    onChange(clampDate(next.year, next.month, next.day, max));
  };
  const names: Record<DateField, string> = { day: t('date_picker.day'), month: t('date_picker.month'), year: t('date_picker.year') };
  const order = dateFieldOrder(locale);
  // The month name takes what room there is; day and year keep their own width.
  const columns = order.map((field) => (field === 'month' ? 'minmax(0,1fr)' : 'auto')).join(' ');

  return (
    <fieldset className="m-0 min-w-0 border-0 p-0">
      <legend className="label">{label}</legend>
      <div className="grid gap-2" style={{ gridTemplateColumns: columns }}>
        {order.map((field) => (
          <div key={field} className={field === 'month' ? 'min-w-0' : ''}>
            <label htmlFor={`${id}-${field}`} className="sr-only">
              {names[field]}
            </label>
            <FieldSelect id={`${id}-${field}`} field={field} value={current[field]} options={options[field]} locale={locale} onChange={(n) => change(field, n)} />
          </div>
        ))}
      </div>
    </fieldset>
  );
}

interface FieldSelectProps {
  id: string;
  field: DateField;
  value: number;
  options: number[];
  locale: string;
  onChange: (n: number) => void;
}

/** One field's native select, its choices written in the reader's language. */
function FieldSelect({ id, field, value, options, locale, onChange }: FieldSelectProps) {
  return (
    <select id={id} name={field} className="field pr-2 tabular-nums" value={value} onChange={(e) => onChange(Number(e.currentTarget.value))}>
      {options.map((n) => (
        <option key={n} value={n}>
          {dateFieldText(field, n, locale)}
        </option>
      ))}
    </select>
  );
}
