import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/react';
import { DateTime } from '../../components/DateTime';
import { SignedMoney } from '../../components/SignedMoney';

/** A titled group of rows (shown only when it has any), newest first as the server sends them. */
export function Group({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  if (count === 0) return null;
  return (
    <section className="card kc-pad kc-group" aria-label={title}>
      <h2 className="kc-h2">
        {title} <span className="kc-muted kc-small">({count})</span>
      </h2>
      <div className="kc-scroll">{children}</div>
    </section>
  );
}

export function Head({ cols }: { cols: string[] }) {
  return (
    <thead>
      <tr>
        {cols.map((c, i) => (
          <th key={i} scope="col">
            {c}
          </th>
        ))}
      </tr>
    </thead>
  );
}

export const When = ({ at }: { at: string | null }) => (
  <td className="kc-nowrap kc-small">
    <DateTime value={at} />
  </td>
);

export const Signed = ({ value }: { value: string }) => (
  <td className="kc-num">
    <SignedMoney value={value} />
  </td>
);

const pretty = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value, null, 2));

/** The raw request and answer, folded until asked for. */
export function Raw({ request, response, requestLabel, responseLabel }: { request: unknown; response: unknown; requestLabel?: string; responseLabel?: string }) {
  const { t } = useTranslation();
  return (
    <details className="kc-raw">
      <summary>{t('admin.disputeRaw')}</summary>
      <div className="kc-raw-grid">
        <div>
          <div className="kc-small kc-muted">{requestLabel ?? t('admin.disputeRequest')}</div>
          <pre>{pretty(request)}</pre>
        </div>
        <div>
          <div className="kc-small kc-muted">{responseLabel ?? t('admin.disputeResponse')}</div>
          <pre>{pretty(response)}</pre>
        </div>
      </div>
    </details>
  );
}
