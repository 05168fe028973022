import { z } from "zod";

/**
 * A till key an operator made, as the coin scheme answers it and the console relays it (one
 * definition for apps/coin-scheme's api-schemas.ts and api/console-till-keys.ts): never the key
 * itself nor its hash.
 */
export const tillKeySchema = z.object({
  id: z.number().int(),
  /** How the coin scheme's ledger names the till. */
  name: z.string(),
  /** The store codes it earns, refunds and takes vouchers at. */
  stores: z.array(z.string()),
  created_at: z.string(),
  /** The operator who made it (`operator:<email>` or `cli:<user>`). */
  created_by: z.string(),
  stores_changed_at: z.string().nullable(),
  /** Null while it opens calls. */
  revoked_at: z.string().nullable(),
  revoked_by: z.string().nullable(),
  /** To the minute; null when never used. */
  last_used_at: z.string().nullable(),
});
export type TillKey = z.infer<typeof tillKeySchema>;
