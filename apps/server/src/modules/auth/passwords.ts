import { availableParallelism } from "node:os";
import { hash, verify } from "@node-rs/argon2";
import pLimit from "p-limit";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// algorithm 2 is Argon2id (a const enum in the typings, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/**
 * How many argon2 computations run at once in this process. Each holds a core and a libuv
 * thread for tens of milliseconds; with more at once than cores, the event loop and the
 * thread pool's other work (compression, files) wait behind them and every other request
 * slows. Set from PASSWORD_HASH_CONCURRENCY when the app starts (bench/RESULTS.md has the
 * trade-off measured).
 */
const lanes = pLimit(availableParallelism());

export function setPasswordHashConcurrency(concurrency: number) {
  lanes.concurrency = concurrency;
}

export const hashPassword = (password: string) => lanes(() => hash(password, ARGON2_OPTIONS));

// A fixed hash to verify against when the number has no password, so both paths cost the same.
let decoy: Promise<string> | undefined;

/** Constant-cost check: a missing hash still runs one argon2 verification. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hashPassword("decoy-password-never-matches");
    const decoyHash = await decoy;
    await lanes(() => verify(decoyHash, password));
    return false;
  }
  return lanes(() => verify(passwordHash, password));
}
