import type { ColumnPolicy } from "@hcoins/server-kit/column-policy";
import type { ResetTokensTable } from "./tables.ts";

/** Every column of this module's table of member data, exported or withheld (see members/personal-data.ts). */
export const AUTH_DATA_COLUMNS: {
  reset_tokens: Record<keyof ResetTokensTable, ColumnPolicy>;
} = {
  reset_tokens: {
    token_hash: { withheld: "a secret (hash of a password-reset token)" },
    member_id: "exported",
    created_at: "exported",
    expires_at: "exported",
    used_at: "exported",
  },
};
