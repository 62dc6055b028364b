import type { TFunction } from 'i18next';

export { ledgerKindLabel as kindLabel } from '../../../shared/labels';

export function walletLabel(t: TFunction, wallet: string | undefined): string {
  if (wallet === 'main') return t('wallet.mainWallet');
  if (wallet === 'game') return t('wallet.gameWallet');
  return wallet ?? '—';
}
