import { useEffect, useState } from 'react';
import { useConsole } from './context';

export type ReceiptState = { state: 'loading' } | { state: 'ready'; url: string } | { state: 'failed' } | { state: 'none' };

/**
 * A deposit's receipt as an object URL: the image needs the operator's bearer header, so it is
 * fetched as a Blob; the URL is revoked when the request on screen changes.
 */
export function useReceipt(id: number | null, hasReceipt: boolean): ReceiptState {
  const { admin } = useConsole();
  const [shown, setShown] = useState<{ id: number | null; receipt: ReceiptState }>({ id: null, receipt: { state: 'none' } });
  useEffect(() => {
    if (id === null || !hasReceipt) return;
    let url: string | null = null;
    let live = true;
    setShown({ id, receipt: { state: 'loading' } });
    admin.receipt(id).then(
      (blob) => {
        if (!live) return;
        url = URL.createObjectURL(blob);
        setShown({ id, receipt: { state: 'ready', url } });
      },
      () => live && setShown({ id, receipt: { state: 'failed' } }),
    );
    return () => {
      live = false;
      if (url) URL.revokeObjectURL(url);
    };
  }, [admin, id, hasReceipt]);
  if (id === null || !hasReceipt) return { state: 'none' };
  return shown.id === id ? shown.receipt : { state: 'loading' };
}
