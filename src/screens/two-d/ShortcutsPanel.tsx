import { useState } from 'react';
import { useTranslation } from '../../i18n/react';
import { brake, brothers, contains, doubles, evenDoubles, head, nakhat, oddDoubles, power, reverse, tail } from '../../lib/two-d/shortcuts';
import { Segmented } from '../../components/Segmented';
import { useBetView } from './bet-view';

type SetKey = 'two_d.reverse' | 'two_d.doubles' | 'two_d.evenDoubles' | 'two_d.oddDoubles' | 'two_d.brothers' | 'two_d.power' | 'two_d.nakhat';

const SETS: Array<{ label: SetKey; nums: () => string[] }> = [
  { label: 'two_d.doubles', nums: doubles },
  { label: 'two_d.evenDoubles', nums: evenDoubles },
  { label: 'two_d.oddDoubles', nums: oddDoubles },
  { label: 'two_d.brothers', nums: brothers },
  { label: 'two_d.power', nums: power },
  { label: 'two_d.nakhat', nums: nakhat },
];

type DigitKind = 'brake' | 'head' | 'tail' | 'contains';
const BY_DIGIT: Record<DigitKind, (n: number) => string[]> = { brake, head, tail, contains };
const KIND_LABEL: Record<DigitKind, 'two_d.brake' | 'two_d.head' | 'two_d.tail' | 'two_d.contains'> = {
  brake: 'two_d.brake',
  head: 'two_d.head',
  tail: 'two_d.tail',
  contains: 'two_d.contains',
};
const DIGITS = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9];

const CHIP = 'btn-ghost min-w-11 border border-line bg-surface px-3';

/** Quick picks: each adds a set of numbers (open ones only) to the selection. */
export function ShortcutsPanel() {
  const { t } = useTranslation();
  const { picked, addNumbers: add } = useBetView();

  return (
    <section aria-labelledby="quick-title" className="card flex flex-col gap-3 p-4">
      {/* On phones the toggle above says it already (the section keeps its name through aria-labelledby). */}
      <h2 id="quick-title" className="hidden text-base font-bold lg:block">
        {t('two_d.quickPick')}
      </h2>
      <div className="flex flex-wrap gap-2">
        <button type="button" className={`${CHIP} border-primary text-primary`} onClick={() => add(reverse(picked))} disabled={!picked.length} title={t('two_d.reverseHint')}>
          {t('two_d.reverse')}
        </button>
        {SETS.map((set) => (
          <button key={set.label} type="button" className={CHIP} onClick={() => add(set.nums())}>
            {t(set.label)}
          </button>
        ))}
      </div>
      <ByDigitPicks />
    </section>
  );
}

/** Brake, head, tail or contains, then a digit: the numbers of that kind for that digit. */
function ByDigitPicks() {
  const { t } = useTranslation();
  const { addNumbers: add } = useBetView();
  const [kind, setKind] = useState<DigitKind>('head');
  return (
    <>
      <Segmented
        label={t('two_d.byDigit')}
        value={kind}
        onChange={setKind}
        options={(Object.keys(KIND_LABEL) as DigitKind[]).map((k) => ({ value: k, label: t(KIND_LABEL[k]) }))}
      />
      <div role="group" aria-label={t(KIND_LABEL[kind])} className="grid grid-cols-5 gap-1.5 sm:grid-cols-10 lg:grid-cols-5">
        {DIGITS.map((d) => (
          <button
            key={d}
            type="button"
            className="btn-ghost min-h-11 border border-line bg-surface px-0 tabular-nums"
            onClick={() => add(BY_DIGIT[kind](d))}
            aria-label={`${t(KIND_LABEL[kind])} ${d}`}
          >
            {d}
          </button>
        ))}
      </div>
      <p className="text-xs text-muted">{t(`two_d.${kind}Hint`)}</p>
    </>
  );
}
