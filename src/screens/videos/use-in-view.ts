import { useEffect, useRef, type RefObject } from 'react';

/**
 * Reports whether at least `ratio` of the element is in the viewport, each time that changes
 * (IntersectionObserver; also once at the start). Without the API it never reports.
 */
export function useInView(ref: RefObject<Element | null>, ratio: number, onChange: (inView: boolean) => void): void {
  const latest = useRef(onChange);
  latest.current = onChange;
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        const entry = entries[entries.length - 1];
        if (entry) latest.current(entry.isIntersecting && entry.intersectionRatio >= ratio);
      },
      { threshold: [ratio] },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref, ratio]);
}

/** Whether the reader asked for less motion (then videos wait for a tap instead of autoplaying). */
export function prefersReducedMotion(): boolean {
  return typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
}
