import { ErrorCode } from "@hcoins/domain/codes";
import { AppError, validationError } from "../../errors.ts";
import { CoinSchemeRefusedError } from "../coins/coin-scheme-client.ts";

/** The scheme's till-key refusals (its errors.ts) as the console contract's errors. */
const REFUSALS: Record<number, () => AppError> = {
  6014: () => validationError([{ field: "stores", rule: "unknownStore" }]),
  6029: () => validationError([{ field: "name", rule: "tillKeyNameTaken" }]),
  6030: () => new AppError(ErrorCode.notFound),
  6031: () => validationError([{ field: "id", rule: "revoked" }]),
};

/** Runs a till-key call of the scheme, turning its till-key refusals into the contract's; others pass on. */
export async function tillKeyCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    const refusal = error instanceof CoinSchemeRefusedError ? REFUSALS[error.errorCode] : undefined;
    throw refusal ? refusal() : error;
  }
}
