import type { ReactNode } from 'react';
import { Spinner } from './Spinner';

/**
 * A list's loading state: the spec's loading sentence with a spinner, announced politely, above a
 * skeleton in the list's own shape (passed as children, hidden from screen readers).
 */
export function LoadingBlock({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div role="status" className="flex flex-col gap-3">
      <p className="flex items-center gap-2 text-sm text-muted">
        <Spinner size={16} />
        {label}
      </p>
      <div aria-hidden="true">{children}</div>
    </div>
  );
}
