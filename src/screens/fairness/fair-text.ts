import type { TFunction } from 'i18next';
import { translateMessage } from '../../app/messages';
import { FAIR_UNSUPPORTED } from '../../lib/fair-roll';

/** A failed check's text: Web Crypto missing (plain http) in the reader's language, else the message. */
export const fairErrorText = (t: TFunction, message: string) => (message === FAIR_UNSUPPORTED ? t('fair.unsupported') : translateMessage(t, message));
