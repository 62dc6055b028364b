import { useActorRef } from '@xstate/react';
import { useTranslation } from '../../i18n/react';
import { connectPopupAd } from '../../machines/popup-ad/popup-ad.connect';
import { useAuth, useGameMachines } from '../../app/session';
import { useView } from '../../app/use-view';
import { selectIsLoggedIn } from '../../machines/auth/auth.selectors';
import { Dialog } from '../../components/Dialog';

/** Spec: the ad image is 150 px high and as wide as the dialog. */
const AD_IMAGE_HEIGHT = 150;

/** The pop-up ad: opens by itself at most once a day when the ad has an image, never after "Don't show again". */
export function PopupAd() {
  const machines = useGameMachines();
  const actor = useActorRef(machines.popupAd, { input: machines.popupInput() });
  const { ad, close, dismiss, follow } = useView(actor, connectPopupAd);
  const { i18n } = useTranslation();
  const player = useAuth(selectIsLoggedIn);
  if (!ad) return null;
  return (
    <AdDialog
      img={machines.artUrl(ad.img, i18n.language, player)}
      text={ad.text}
      link={ad.link}
      onClose={close}
      onDismiss={dismiss}
      onFollow={follow}
    />
  );
}

/** The button's words: "Deposit now" for the deposit page (the demo ad's picture), else "Open". */
const DEPOSIT_PATH = /^\/top-up(\/|$|\?)/i;

interface AdDialogProps {
  img: string;
  text: string;
  link: string;
  onClose: () => void;
  onDismiss: () => void;
  onFollow: () => void;
}

function AdDialog({ img, text, link, onClose, onDismiss, onFollow }: AdDialogProps) {
  const { t } = useTranslation();
  return (
    // Not counted as "another sheet": it is the one that waits for the others.
    <Dialog title={t('home.popupTitle')} onClose={onClose} countsAsSheet={false}>
      <img
        src={img}
        alt={text}
        height={AD_IMAGE_HEIGHT}
        decoding="async"
        className="w-full rounded-2xl bg-raised object-cover"
        style={{ height: AD_IMAGE_HEIGHT }}
      />
      {/* The operator's text may be Burmese: its syllables stay whole at line ends, like ours. */}
      {text ? <p className="mt-4 text-center">{text}</p> : null}
      <div className="mt-5 grid gap-2">
        {link ? (
          <button type="button" className="btn-primary w-full" onClick={onFollow} data-testid="popup-follow">
            {DEPOSIT_PATH.test(link) ? t('home.popupDeposit') : t('home.popupOpen')}
          </button>
        ) : null}
        <button type="button" className={link ? 'btn-outline w-full' : 'btn-primary w-full'} onClick={onClose} data-testid="popup-close">
          {t('btn.close')}
        </button>
        <button type="button" className="btn-ghost w-full text-muted" onClick={onDismiss} data-testid="popup-dismiss">
          {t('home.popupNeverAgain')}
        </button>
      </div>
    </Dialog>
  );
}
