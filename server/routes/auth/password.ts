import type { Context } from 'hono';
import type { AppEnv, Deps } from '../../types/app';
import { replacePassword } from '../../domain/player-accounts';
import { fail, ok } from '../../lib/http';
import { readBody } from '../../lib/request-body';
import { addFieldError, throwIfInvalid, validateFields } from '../../lib/validation';
import { CONFIRMATION_MISMATCH, confirms, currentPasswordField, newPasswordField } from './fields';
import { checkOwnPassword } from './password-check';
import { hashPassword } from '../../lib/passwords';
import { notePasswordChanged } from './sign-in-notices';
import { refuse } from '../../i18n/refusals';

const ORDER = ['current_password', 'password'] as const;
const shape = { current_password: currentPasswordField, password: newPasswordField };

/**
 * POST /change-password: needs the current password; revokes the player's other tokens so a
 * stolen session ends, while the one making the change keeps working.
 */
export async function changePassword(c: Context<AppEnv>, deps: Deps) {
  const body = await readBody(c);
  const { values, errors: found } = validateFields(shape, body);
  let errors = found;
  if (!confirms(body, values.password)) errors = addFieldError(errors, 'password', CONFIRMATION_MISMATCH, ORDER);
  throwIfInvalid(errors);

  const user = c.var.user;
  const now = deps.clock.now();
  // Someone holding a stolen token must not be able to guess the password here either.
  const checked = await checkOwnPassword(c, deps, values.current_password!);
  if (checked instanceof Response) return checked;
  if (!checked) return fail(c, 401, refuse('auth.old_password'));
  const passwordHash = await hashPassword(values.password!);
  await replacePassword(deps.database.db, { userId: user.id, keepTokenId: c.var.tokenId, passwordHash }, now);
  await notePasswordChanged(deps, user.id, now);
  return ok(c, null, 'Password has been changed successfully.');
}
