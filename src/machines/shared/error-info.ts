import type { ApiErrorInfo } from '../../api/types';
import { UNEXPECTED_ERROR } from '../../lib/fixed-texts';
export { UNEXPECTED_ERROR };


function isErrorInfo(value: unknown): value is ApiErrorInfo {
  return (
    !!value &&
    typeof value === 'object' &&
    typeof (value as ApiErrorInfo).status === 'number' &&
    typeof (value as ApiErrorInfo).message === 'string'
  );
}

/**
 * A rejected call as a plain, serialisable ApiErrorInfo for context. The api layer rejects with
 * ApiError (a class); anything else is a bug or an unusable response.
 */
export function toErrorInfo(error: unknown): ApiErrorInfo {
  if (isErrorInfo(error)) {
    return { status: error.status, message: error.message, fieldErrors: { ...(error.fieldErrors ?? {}) } };
  }
  return { status: 0, message: UNEXPECTED_ERROR, fieldErrors: {} };
}

export function hasStatus(error: unknown, status: number): boolean {
  return isErrorInfo(error) && error.status === status;
}
