import { useId, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import type { TwoDLine } from '../../app/session';
import { noticeText } from '../../app/notice-text';
import type { Notice } from '../../lib/notice';
import { normaliseDigits } from '../../lib/money';
import { Icon } from '../../../shared/components/Icon';
import { Money } from '../../components/Money';
import { useBetView } from './bet-view';

interface Props {
  line: TwoDLine;
  /** The server refused this number as over its limit. */
  overLimit: boolean;
  /** The amount being typed, when this line is being edited. */
  editing: string | null;
  error: readonly Notice[] | null;
  /** Another line is being edited, or the bet is being sent. */
  locked: boolean;
}

/** One line of the review: the number (read-only), its amount (editable in place) and delete. */
export function ConfirmLine({ line, overLimit, editing, error, locked }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <li className={`card flex flex-col gap-2 p-3 ${overLimit ? 'border-loss' : ''}`}>
      <div className="flex items-center gap-3">
        <span
          className={`flex h-12 w-14 shrink-0 items-center justify-center rounded-xl text-xl font-extrabold tabular-nums ${overLimit ? 'bg-loss text-bg' : 'bg-raised text-money'}`}
          aria-label={t('two_d.numberIs', { num: line.num })}
        >
          {line.num}
        </span>
        {editing === null ? <LineAmount line={line} overLimit={overLimit} locked={locked} /> : <AmountForm id={id} num={line.num} value={editing} invalid={!!error} />}
      </div>
      {editing !== null && error ? (
        <p id={`${id}-error`} role="alert" className="field-error mt-0">
          *{noticeText(t, error)}
        </p>
      ) : null}
    </li>
  );
}

/** The amount with Edit and Delete. */
function LineAmount({ line, overLimit, locked }: { line: TwoDLine; overLimit: boolean; locked: boolean }) {
  const { t } = useTranslation();
  const { editLine, deleteLine } = useBetView();
  return (
    <>
      <div className="min-w-0 flex-1">
        <Money value={line.amount} className="text-lg" />
        {overLimit ? <p className="text-xs font-semibold text-loss">{t('two_d.overLimitTag')}</p> : null}
      </div>
      <button type="button" className="icon-btn border border-line" onClick={() => editLine(line.num)} disabled={locked} aria-label={t('two_d.editLine', { num: line.num })}>
        <Icon name="pencil" size={20} />
      </button>
      <button type="button" className="icon-btn border border-line text-loss" onClick={() => deleteLine(line.num)} disabled={locked} aria-label={t('two_d.deleteLine', { num: line.num })}>
        <Icon name="trash" size={20} />
      </button>
    </>
  );
}

/** The amount being edited in place: Save (or Enter), Cancel (or Escape). */
function AmountForm({ id, num, value, invalid }: { id: string; num: string; value: string; invalid: boolean }) {
  const { t } = useTranslation();
  const { changeLineAmount, saveLine, cancelLine } = useBetView();
  const onSave = (e: FormEvent) => {
    e.preventDefault();
    saveLine();
  };
  return (
    <form className="flex min-w-0 flex-1 flex-wrap items-center gap-2" onSubmit={onSave} noValidate>
      <label htmlFor={id} className="sr-only">
        {t('two_d.amountFor', { num })}
      </label>
      <input
        id={id}
        className={`field min-w-0 flex-1 basis-28 tabular-nums ${invalid ? 'border-loss' : ''}`}
        inputMode="numeric"
        autoComplete="off"
        autoFocus
        value={value}
        aria-invalid={invalid ? true : undefined}
        aria-describedby={invalid ? `${id}-error` : undefined}
        onChange={(e) => changeLineAmount(normaliseDigits(e.currentTarget.value))}
        onKeyDown={(e) => {
          if (e.key === 'Escape') {
            e.stopPropagation();
            cancelLine();
          }
        }}
      />
      <div className="flex gap-2">
        <button type="submit" className="btn-primary px-4">
          {t('two_d.save')}
        </button>
        <button type="button" className="btn-ghost border border-line px-3" onClick={cancelLine}>
          {t('btn.cancel')}
        </button>
      </div>
    </form>
  );
}
