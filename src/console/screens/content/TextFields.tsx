import { useTranslation } from '../../../i18n/react';
import { LANGUAGES, NATIVE_NAMES } from '../../../../shared/languages';
import type { KindField } from './kinds';

type LocalisedDef = Extract<KindField, { type: 'localised' }>;
type TextDef = Extract<KindField, { type: 'text' }>;

interface Common {
  values: Record<string, string>;
  errors: Record<string, string>;
  readOnly: boolean;
  onChange: (name: string, value: string) => void;
}

function Input({ name, label, lang, max, multiline, required, readOnly, value, error, onChange }: { name: string; label: string; lang?: string; max: number; multiline?: boolean; required: boolean; readOnly: boolean; value: string; error?: string; onChange: (name: string, value: string) => void }) {
  const props = {
    id: `cm-${name}`,
    name,
    lang,
    value,
    maxLength: max,
    required,
    readOnly,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': error ? `cm-${name}-error` : undefined,
    className: `field${multiline ? ' kc-textarea' : ''}${error ? ' border-loss' : ''}`,
    onChange: (e: { currentTarget: { value: string } }) => onChange(name, e.currentTarget.value),
  };
  return (
    <div className="kc-cm-input">
      <label htmlFor={props.id} className="label">
        {label}
        {required ? <span className="kc-muted"> *</span> : null}
      </label>
      {multiline ? <textarea rows={max > 500 ? 6 : 3} {...props} /> : <input type="text" {...props} />}
      {error ? (
        <p id={`cm-${name}-error`} className="kc-bad kc-small">
          * {error}
        </p>
      ) : null}
    </div>
  );
}

/** A text in the four languages side by side; Burmese typed and shown in the Burmese font. */
export function LocalisedField({ def, values, errors, readOnly, onChange }: Common & { def: LocalisedDef }) {
  const { t } = useTranslation();
  return (
    <div className={`kc-cm-langs${def.multiline ? ' kc-cm-langs-long' : ''}`}>
      {LANGUAGES.map((lng) => (
        <Input
          key={lng}
          name={`${def.name}_${lng}`}
          label={t(def.label, { language: NATIVE_NAMES[lng] })}
          lang={lng === 'mm' ? 'my' : lng}
          max={def.max}
          multiline={def.multiline}
          required={def.required && lng === 'en'}
          readOnly={readOnly}
          value={values[`${def.name}_${lng}`] ?? ''}
          error={errors[`${def.name}_${lng}`]}
          onChange={onChange}
        />
      ))}
    </div>
  );
}

export function PlainField({ def, values, errors, readOnly, onChange }: Common & { def: TextDef }) {
  const { t } = useTranslation();
  return (
    <Input name={def.name} label={t(def.label)} max={def.max} required={def.required} readOnly={readOnly} value={values[def.name] ?? ''} error={errors[def.name]} onChange={onChange} />
  );
}
