import { Code, Msg } from '@venue/contract';

/**
 * A business answer that is not success. Sent as HTTP `status` (200 for business outcomes)
 * with `{ code, msg, data: null }`; `msg` is Chinese, for the staff to act on.
 */
export class BizError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly status = 200,
  ) {
    super(message);
  }
}

export const loginExpired = () => new BizError(Code.LOGIN_EXPIRED, Msg.loginExpired, 401);
export const forbidden = () => new BizError(Code.NO_AUTHORIZATION, Msg.noAuthorization, 403);
export const notFound = (msg: string = Msg.notFound) => new BizError(Code.NOT_EXISTENT, msg);
/** A business refusal (code -9000) whose Chinese message tells the staff what to change. */
export const refuse = (msg: string) => new BizError(Code.CAUGHT_EXCEPTION, msg);
/** An uploaded file that cannot be taken (wrong type, unreadable, not the template): HTTP 400 with the envelope. */
export const badFile = (msg: string) => new BizError(400, msg, 400);
/** An uploaded file past its limit (as sent, or once unpacked): HTTP 413 with the envelope. */
export const fileTooLarge = (msg: string) => new BizError(413, msg, 413);
export const alreadyExists = (msg: string = Msg.exists) => new BizError(Code.EXISTS, msg);

/** A unique constraint refused the write (PostgreSQL 23505, or SQLite's constraint codes). */
export function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string } | null)?.code;
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
}
