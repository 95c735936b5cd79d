import type { WalletStatus } from '@sb/contract';
import { HttpError } from '../../../plugins/errors';

/** A request the wallet refuses: nothing moved. HTTP status and error code are what the game page shows. */
export class WalletRefusal extends HttpError {
  constructor(
    readonly status: WalletStatus,
    httpStatus: number,
    code: string,
    message: string,
  ) {
    super(httpStatus, code, message, httpStatus === 409 || httpStatus === 403 ? 'stake' : undefined);
  }
}

export const refusals = {
  session: () =>
    new WalletRefusal(
      'RS_ERROR_INVALID_SESSION',
      403,
      'invalid_session',
      'this game session cannot play for money',
    ),
  currency: () =>
    new WalletRefusal('RS_ERROR_WRONG_CURRENCY', 400, 'wrong_currency', "the currency is not the session's"),
  unknownBet: () =>
    new WalletRefusal(
      'RS_ERROR_TRANSACTION_DOES_NOT_EXIST',
      404,
      'unknown_bet',
      'no accepted bet has this id in this round',
    ),
  rolledBack: () =>
    new WalletRefusal(
      'RS_ERROR_TRANSACTION_ROLLED_BACK',
      409,
      'bet_rolled_back',
      'the bet was rolled back already',
    ),
  closed: () =>
    new WalletRefusal('RS_ERROR_ROUND_CLOSED', 409, 'round_closed', 'the bet was settled already'),
  duplicate: () =>
    new WalletRefusal(
      'RS_ERROR_DUPLICATE_TRANSACTION',
      409,
      'duplicate_transaction',
      'this transaction id was used for another request',
    ),
};

/** The wallet's and the limits' refusals, as contract statuses (the error code stays as the reason). */
export function asRefusal(error: unknown): WalletRefusal | null {
  if (error instanceof WalletRefusal) return error;
  if (!(error instanceof HttpError)) return null;
  if (error.code === 'insufficient_funds')
    return new WalletRefusal(
      'RS_ERROR_NOT_ENOUGH_MONEY',
      409,
      error.code,
      'your balance is too low for this stake',
    );
  if (error.code === 'timed_out' || error.code === 'self_excluded' || error.code === 'account_blocked')
    return new WalletRefusal('RS_ERROR_USER_DISABLED', 403, error.code, error.message);
  if (error.code.endsWith('_limit_exceeded'))
    return new WalletRefusal('RS_ERROR_LIMIT_REACHED', 403, error.code, error.message);
  return null;
}
