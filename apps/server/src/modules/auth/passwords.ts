import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane.
// algorithm 2 is Argon2id (a const enum in the typings, which isolated modules cannot read).
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

export const hashPassword = (password: string) => hash(password, ARGON2_OPTIONS);

// A fixed hash to verify against when the number has no password, so both paths cost the same.
let decoy: Promise<string> | undefined;

/** Constant-cost check: a missing hash still runs one argon2 verification. */
export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) {
    decoy ??= hashPassword("decoy-password-never-matches");
    await verify(await decoy, password);
    return false;
  }
  return verify(passwordHash, password);
}
