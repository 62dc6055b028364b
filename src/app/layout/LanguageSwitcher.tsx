import { useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n/react';
import { BCP47, LANGUAGES, NATIVE_NAMES, setLanguage, type Language } from '../../i18n';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../shared/languages';
import { ensureMyanmarFont } from '../../i18n/font';
import { Icon } from '../../../shared/components/Icon';

const SHORT: Record<Language, string> = { en: 'EN', mm: 'MM', zh: '中文', th: 'TH' };

/** The reader's language, one of ours (else English). */
export function useCurrentLanguage(): Language {
  const { i18n } = useTranslation();
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * The top bar's compact language menu (the side menu and the account page show ./LanguageList).
 * Each language is named in itself; opening the menu loads the Burmese font because "မြန်မာ" is
 * about to be drawn.
 */
export function LanguageSwitcher() {
  return <CompactSwitcher current={useCurrentLanguage()} />;
}

/** The compact menu's state: open or not; choosing, Escape and leaving it close it (focus back on its button). */
function useLanguageMenu() {
  const [open, setOpen] = useState(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  return {
    open,
    buttonRef,
    toggle: () => {
      if (!open) void ensureMyanmarFont();
      setOpen((v) => !v);
    },
    choose: (lng: Language) => {
      setOpen(false);
      void setLanguage(lng);
      buttonRef.current?.focus();
    },
    onBlur: (e: FocusEvent<HTMLDivElement>) => {
      if (!e.currentTarget.contains(e.relatedTarget as Node | null)) setOpen(false);
    },
    onKeyDown: (e: KeyboardEvent<HTMLDivElement>) => {
      if (e.key === 'Escape' && open) {
        setOpen(false);
        buttonRef.current?.focus();
      }
    },
  };
}

function CompactSwitcher({ current }: { current: Language }) {
  const { t } = useTranslation();
  const menu = useLanguageMenu();
  const menuId = useId();

  return (
    <div className="relative" onBlur={menu.onBlur} onKeyDown={menu.onKeyDown}>
      <button
        ref={menu.buttonRef}
        type="button"
        className="flex h-11 min-w-11 items-center justify-center gap-1 rounded-xl px-2 text-sm font-semibold text-fg hover:bg-raised"
        aria-haspopup="true"
        aria-expanded={menu.open}
        aria-controls={menuId}
        // The name holds the code it shows ("EN"), so a voice user can say what they see.
        aria-label={`${t('common.language')}: ${SHORT[current]}${SHORT[current] === NATIVE_NAMES[current] ? '' : ` – ${NATIVE_NAMES[current]}`}`}
        onClick={menu.toggle}
      >
        <Icon name="globe" size={20} />
        <span aria-hidden="true">{SHORT[current]}</span>
      </button>
      {menu.open ? <LanguageMenu id={menuId} current={current} onChoose={menu.choose} /> : null}
    </div>
  );
}

/** The compact switcher's open menu: each language named in itself, the current one marked. */
function LanguageMenu({ id, current, onChoose }: { id: string; current: Language; onChoose: (lng: Language) => void }) {
  return (
    <ul id={id} className="kp-fade-in absolute right-0 top-12 z-50 w-40 overflow-hidden rounded-xl border border-line bg-surface py-1 shadow-xl">
      {LANGUAGES.map((lng) => (
        <li key={lng}>
          <button
            type="button"
            lang={BCP47[lng]}
            aria-current={lng === current ? 'true' : undefined}
            onClick={() => onChoose(lng)}
            className={`flex min-h-11 w-full items-center px-4 text-left text-sm hover:bg-raised ${lng === current ? 'font-semibold text-primary' : 'text-fg'}`}
          >
            {NATIVE_NAMES[lng]}
          </button>
        </li>
      ))}
    </ul>
  );
}
