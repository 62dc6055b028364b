import type { TFunction } from 'i18next';

const KINDS = {
  opening: 'ledger.opening',
  deposit: 'ledger.deposit',
  withdraw: 'ledger.withdraw',
  withdraw_hold: 'ledger.withdrawHold',
  withdraw_release: 'ledger.withdrawRelease',
  exchange: 'ledger.exchange',
} as const;

/** A ledger kind in the reader's language; kinds this client does not know yet show as sent. */
export function kindLabel(t: TFunction, kind: string | undefined): string {
  if (!kind) return t('ledger.other');
  const key = KINDS[kind as keyof typeof KINDS];
  return key ? t(key) : kind;
}

export function walletLabel(t: TFunction, wallet: string | undefined): string {
  if (wallet === 'main') return t('wallet.mainWallet');
  if (wallet === 'game') return t('wallet.gameWallet');
  return wallet ?? '—';
}
