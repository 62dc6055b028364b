import { useLocation, useSearch } from 'wouter';
import type { NavLink } from './nav-links';

/** Which of the given links is the current page. */
export function useActiveLink(links: NavLink[]): NavLink | undefined {
  const [path] = useLocation();
  const query = new URLSearchParams(useSearch());
  return links.find((l) => l.isActive(path, query));
}
