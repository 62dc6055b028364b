/**
 * The admin API's one gate (decision 0018): finds the route a request matched in the role table
 * (access.ts), identifies the caller (auth.ts), refuses a role the route does not allow (403),
 * and runs every change through the audit (audited.ts). Deny by default: a matched route with no
 * rule is refused.
 */
import type { MiddlewareHandler } from 'hono';
import { matchedRoutes, routePath } from 'hono/route';
import type { AppEnv, Deps } from '../../types/app';
import { permits } from '../../domain/operators/roles';
import { refuse } from '../../i18n/refusals';
import { fail, unauthenticated } from '../../lib/http';
import { ADMIN_ROUTES, MUTATING } from './access';
import { auditedChange } from './audited';
import { actorResolver } from './auth';

type Ctx = Parameters<MiddlewareHandler<AppEnv>>[0];

/** `METHOD /path` of the route this request matched under the gate's own mount, or null (none). */
export function routeKey(c: Ctx): string | null {
  const base = routePath(c).replace(/\/\*$/, '');
  const route = matchedRoutes(c).find((r) => r.method !== 'ALL' && r.path.startsWith(`${base}/`));
  return route ? `${route.method} ${route.path.slice(base.length)}` : null;
}

/** The `:name` segments of `pattern` read from the request's path (admin patterns are plain segments). */
function paramsOf(c: Ctx, key: string | null): Record<string, string> {
  if (key === null) return {};
  const pattern = key.slice(key.indexOf(' ') + 1).split('/');
  const path = c.req.path.split('/').slice(-pattern.length);
  const params: Record<string, string> = {};
  pattern.forEach((segment, i) => {
    if (segment.startsWith(':')) params[segment.slice(1)] = decodeURIComponent(path[i] ?? '');
  });
  return params;
}

export function adminGate(deps: Deps, adminToken: string): MiddlewareHandler<AppEnv> {
  const resolveActor = actorResolver(deps, adminToken);
  const audited = auditedChange(deps);
  return async (c, next) => {
    const key = routeKey(c);
    const rule = key === null ? undefined : ADMIN_ROUTES[key];
    if (rule?.access === 'public') return next();
    const actor = await resolveActor(c);
    if (!actor) return unauthenticated(c);
    c.set('admin', { actor, params: paramsOf(c, key) });
    // No such route: 404 (after authentication, so the API's shape is not disclosed).
    if (key === null) return next();
    if (!rule || (rule.access === 'role' && !permits(rule.roles, actor.role))) return fail(c, 403, refuse('admin.forbidden'));
    if (rule.access === 'role' && MUTATING.has(key.split(' ')[0]!)) {
      if (!rule.audit) throw new Error(`admin route ${key} changes state but names no audit action`);
      return audited(c, rule.audit, next);
    }
    return next();
  };
}
