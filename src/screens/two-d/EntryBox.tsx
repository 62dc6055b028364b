import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { normaliseDigits } from '../../lib/money';
import { toUnicode } from '../../lib/zawgyi';
import { Icon } from '../../../shared/components/Icon';
import { useBetView } from './bet-view';

/** Typed bets for power users: `12.34=500`, `12R=300`, `05 16=100`, `၅ ထိပ်=100`, one entry per line or comma. */
export function EntryBox({ disabled }: { disabled: boolean }) {
  const { t } = useTranslation();
  const { text, setText, apply } = useEntryText();
  const id = useId();
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void apply();
  };

  return (
    <form onSubmit={onSubmit} className="card flex flex-col gap-2 p-4" noValidate>
      <label htmlFor={id} className="font-bold">
        {t('two_d.entry')}
      </label>
      <div className="flex gap-2">
        <input
          id={id}
          name="entry"
          className="field min-w-0 flex-1 font-mono tabular-nums"
          placeholder="12.34=500"
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          value={text}
          disabled={disabled}
          aria-describedby={`${id}-hint`}
          onChange={(e) => setText(normaliseDigits(e.currentTarget.value))}
        />
        <button type="submit" className="btn-outline shrink-0 px-4" disabled={disabled || !text.trim()}>
          <Icon name="plus" size={18} />
          {t('two_d.entryApply')}
        </button>
      </div>
      <p id={`${id}-hint`} className="text-xs text-muted">
        {t('two_d.entryHint')}
      </p>
    </form>
  );
}

/** The typed text, cleared once an entry applies cleanly (the bet shows no refusal after it). */
function useEntryText() {
  const { applyEntry, error } = useBetView();
  const [text, setText] = useState('');
  const [applied, setApplied] = useState(false);
  useEffect(() => {
    if (!applied) return;
    setApplied(false);
    if (error === null) setText('');
  }, [applied, error]);

  const apply = async () => {
    if (!text.trim()) return;
    // Burmese words typed on a Zawgyi phone are read as Unicode (the converter loads only for them).
    applyEntry(await toUnicode(text));
    setApplied(true);
  };
  return { text, setText, apply };
}
