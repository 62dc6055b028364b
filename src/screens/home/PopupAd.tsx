import { useActorRef } from '@xstate/react';
import { useTranslation } from 'react-i18next';
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
  const { ad, close, dismiss } = useView(actor, connectPopupAd);
  const { i18n } = useTranslation();
  const player = useAuth(selectIsLoggedIn);
  if (!ad) return null;
  return <AdDialog img={machines.artUrl(ad.img, i18n.language, player)} text={ad.text} onClose={close} onDismiss={dismiss} />;
}

function AdDialog({ img, text, onClose, onDismiss }: { img: string; text: string; onClose: () => void; onDismiss: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog title={t('home.popupTitle')} onClose={onClose}>
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
        <button type="button" className="btn-primary w-full" onClick={onClose} data-testid="popup-close">
          {t('btn.close')}
        </button>
        <button type="button" className="btn-ghost w-full text-muted" onClick={onDismiss} data-testid="popup-dismiss">
          {t('home.popupNeverAgain')}
        </button>
      </div>
    </Dialog>
  );
}
