import { useEffect, useRef, type RefObject } from 'react';

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => el.offsetParent !== null || el === document.activeElement);
}

/** Tab from the last focusable goes to the first, Shift+Tab from the first to the last; focus never leaves `root`. */
function keepTabInside(e: KeyboardEvent, root: HTMLElement): void {
  const items = focusables(root);
  if (!items.length) {
    e.preventDefault();
    return;
  }
  const head = items[0]!;
  const tail = items[items.length - 1]!;
  const current = document.activeElement;
  if (e.shiftKey && (current === head || !root.contains(current))) {
    e.preventDefault();
    tail.focus();
  } else if (!e.shiftKey && (current === tail || !root.contains(current))) {
    e.preventDefault();
    head.focus();
  }
}

/**
 * For modal surfaces (dialogs, the drawer): focus moves inside on open, Tab cycles inside,
 * Escape closes, the page behind does not scroll, and focus returns where it was on close.
 */
export function useFocusTrap(ref: RefObject<HTMLElement | null>, active: boolean, onEscape: () => void) {
  const escapeRef = useRef(onEscape);
  escapeRef.current = onEscape;

  useEffect(() => {
    const root = ref.current;
    if (!active || !root) return;
    const previous = document.activeElement as HTMLElement | null;
    const first = root.querySelector<HTMLElement>('[data-autofocus]') ?? focusables(root)[0] ?? root;
    first.focus({ preventScroll: true });

    const { overflow } = document.body.style;
    document.body.style.overflow = 'hidden';

    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') {
        e.stopPropagation();
        escapeRef.current();
      } else if (e.key === 'Tab') {
        keepTabInside(e, root);
      }
    };
    document.addEventListener('keydown', onKey, true);
    return () => {
      document.removeEventListener('keydown', onKey, true);
      document.body.style.overflow = overflow;
      if (previous && document.contains(previous)) previous.focus({ preventScroll: true });
    };
  }, [active, ref]);
}
