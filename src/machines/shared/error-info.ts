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
    const info: ApiErrorInfo = { status: error.status, message: error.message, fieldErrors: { ...(error.fieldErrors ?? {}) } };
    // A server failure keeps its X-Request-Id: the "Something went wrong" card shows it for support.
    if (error.status >= 500 && typeof error.requestId === 'string' && error.requestId) info.requestId = error.requestId;
    return info;
  }
  return { status: 0, message: UNEXPECTED_ERROR, fieldErrors: {} };
}

export function hasStatus(error: unknown, status: number): boolean {
  return isErrorInfo(error) && error.status === status;
}
