import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { Link } from 'wouter';
import { selectUser } from '../../machines/auth/auth.selectors';
import { connectWalletMove } from '../../machines/wallet-move/wallet-move.connect';
import { moveAmount } from '../../machines/wallet-move/wallet-move.machine';
import { moveOffer, type MoveOffer } from '../../machines/wallet-move/wallet-move.offer';
import { formatAmount } from '../../lib/money';
import { noticeText } from '../../app/notice-text';
import { useAuth, useTwoDMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { Alert } from '../../components/Alert';
import { Field } from '../../components/Field';
import { Button } from '../../components/Button';
import { Icon } from '../../../shared/components/Icon';

const BANK_DEPOSIT_HREF = '/top-up/bank';

/**
 * 2D is paid from the main balance (decision 0032): when it is short and the game wallet has money,
 * say so and offer to move it here, one tap (the shortfall, or the whole game balance before a bet;
 * the player may type another amount). `onMoved` goes on with the bet.
 */
export function MoveFromGame({ stake = 0, onMoved }: { stake?: number; onMoved?: () => void }) {
  const user = useAuth(selectUser);
  const offer = moveOffer({ main: user?.main_balance, game: user?.balance }, stake);
  if (!user || offer.kind === 'none') return null;
  if (offer.kind === 'notEnough') return <NotEnough />;
  return <MovePanel offer={offer} onMoved={onMoved} />;
}

function NotEnough() {
  const { t } = useTranslation();
  return (
    <Alert tone="info">
      <p>{t('wallet_move.notEnough')}</p>
      <Link href={BANK_DEPOSIT_HREF} className="btn-primary mt-2 px-4">
        {t('wallet.deposit')}
      </Link>
    </Alert>
  );
}

function MovePanel({ offer, onMoved }: { offer: Extract<MoveOffer, { kind: 'empty' | 'short' }>; onMoved?: (() => void) | undefined }) {
  const { t } = useTranslation();
  const machines = useTwoDMachines();
  const actor = useActorRef(machines.walletMove.provide({ actions: { continueBet: () => onMoved?.() } }), { input: {} });
  const view = useView(actor, connectWalletMove);
  const ks = (n: number) => `${formatAmount(n, 0)} ${t('common.currency')}`;
  const amount = moveAmount(view.typed, offer.offer);
  const text =
    offer.kind === 'empty'
      ? t('wallet_move.emptyMain', { main: ks(offer.main), game: ks(offer.game) })
      : t('wallet_move.short', { shortfall: ks(offer.shortfall), game: ks(offer.game) });
  return (
    <section className="card flex flex-col gap-3 border border-primary/40 p-4" aria-labelledby="wallet-move-title" data-testid="wallet-move">
      <h2 id="wallet-move-title" className="flex items-center gap-2 text-base font-bold">
        <Icon name="exchange" size={20} />
        {t('wallet_move.title')}
      </h2>
      <p className="text-sm text-muted">{text}</p>
      <Field
        name="move-amount"
        numeric
        autoComplete="off"
        label={t('wallet_move.amount', { max: ks(offer.game) })}
        value={view.typed}
        placeholder={String(offer.offer)}
        onChange={(e) => view.setAmount(e.currentTarget.value)}
        disabled={view.busy}
        error={view.error ? noticeText(t, view.error) : undefined}
      />
      <Button busy={view.busy} onClick={() => view.move(offer.offer, offer.game)}>
        {t('wallet_move.move', { amount: ks(amount > 0 ? amount : offer.offer) })}
      </Button>
    </section>
  );
}
