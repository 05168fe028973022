import { ErrorCode } from "@hcoins/domain/codes";
import { AppError, validationError } from "../../errors.ts";
import { CoinSchemeRefusedError, CoinSchemeUnavailableError } from "./coin-scheme-client.ts";

/** The scheme's refusal of a call's input, with the fields it names (its errors.ts). */
const SCHEME_VALIDATION = 4000;

/** A scheme refusal code → the contract's error the console reads. */
export type SchemeRefusals = Readonly<Record<number, () => Error>>;

/**
 * A console relay's call to the scheme (campaigns, missions, segments): the refusals the caller
 * names as its contract's errors, a 4000 naming fields as the same field errors, and the codes in
 * `passOn` rethrown as they are for the caller to read itself. Any other refusal, and a scheme
 * that does not answer, is 5030.
 */
export async function askScheme<T>(
  call: () => Promise<T>,
  refusals: SchemeRefusals,
  passOn: readonly number[] = [],
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof CoinSchemeRefusedError)) {
      if (error instanceof CoinSchemeUnavailableError) throw new AppError(ErrorCode.serviceUnavailable);
      throw error;
    }
    if (passOn.includes(error.errorCode)) throw error;
    const mapped = refusals[error.errorCode];
    if (mapped) throw mapped();
    if (error.errorCode === SCHEME_VALIDATION && error.fieldErrors.length > 0)
      throw validationError(error.fieldErrors);
    throw new AppError(ErrorCode.serviceUnavailable);
  }
}
