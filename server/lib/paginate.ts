import type { Context } from 'hono';
import { z } from 'zod';
import { publicOrigin } from './public-origin';
import { queryInput } from './request-input';

export interface Page<T> {
  current_page: number;
  data: T[];
  first_page_url: string;
  from: number | null;
  last_page: number;
  last_page_url: string;
  links: { url: string | null; label: string; active: boolean }[];
  next_page_url: string | null;
  path: string;
  per_page: number;
  prev_page_url: string | null;
  to: number | null;
  total: number;
}

/** `?page=`: a whole number 1…999999; anything else (absent, 0, "2x", "-1", 1e3) reads as page 1, as Laravel does. */
export const pageQuery = z.object({
  page: z
    .string()
    .regex(/^\d{1,6}$/)
    .transform(Number)
    .pipe(z.number().int().min(1))
    .catch(1),
});

/** The page a list route was asked for (pageQuery). */
export function pageParam(c: Context): number {
  return pageQuery.parse(queryInput(c)).page;
}

/**
 * The Laravel paginator shape (api-contract.md, Conventions), with absolute page URLs on the
 * public origin (PUBLIC_URL; lib/public-origin.ts), never on a Host header the client chose.
 */
export function paginated<T>(c: Context, publicUrl: string | undefined, data: T[], total: number, page: number, perPage: number): Page<T> {
  const path = `${publicOrigin(c, publicUrl)}${new URL(c.req.url).pathname}`;
  const lastPage = Math.max(1, Math.ceil(total / perPage));
  const at = (p: number) => `${path}?page=${p}`;
  const from = data.length ? (page - 1) * perPage + 1 : null;
  const links: Page<T>['links'] = [{ url: page > 1 ? at(page - 1) : null, label: '&laquo; Previous', active: false }];
  for (let p = 1; p <= lastPage; p++) links.push({ url: at(p), label: String(p), active: p === page });
  links.push({ url: page < lastPage ? at(page + 1) : null, label: 'Next &raquo;', active: false });
  return {
    current_page: page,
    data,
    first_page_url: at(1),
    from,
    last_page: lastPage,
    last_page_url: at(lastPage),
    links,
    next_page_url: page < lastPage ? at(page + 1) : null,
    path,
    per_page: perPage,
    prev_page_url: page > 1 ? at(page - 1) : null,
    to: from === null ? null : from + data.length - 1,
    total,
  };
}
