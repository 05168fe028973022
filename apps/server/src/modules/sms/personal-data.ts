import type { ColumnPolicy } from "@hcoins/server-kit/column-policy";
import type { SmsCodesTable, SmsDeliveriesTable, SmsLimitSourcesTable } from "./tables.ts";

/** Every column of this module's table, exported or withheld (see members/personal-data.ts). */
export const SMS_DATA_COLUMNS: {
  sms_codes: Record<keyof SmsCodesTable, ColumnPolicy>;
  sms_deliveries: Record<keyof SmsDeliveriesTable, ColumnPolicy>;
  sms_limit_sources: Record<keyof SmsLimitSourcesTable, ColumnPolicy>;
} = {
  sms_codes: {
    id: "exported",
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    purpose: "exported",
    code_hash: { withheld: "a secret (hash of a one-time code)" },
    attempts: "exported",
    expires_at: "exported",
    verified_at: "exported",
    consumed_at: "exported",
    created_at: "exported",
  },
  sms_deliveries: {
    id: "exported",
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    purpose: "exported",
    delivered: "exported",
    created_at: "exported",
  },
  sms_limit_sources: {
    mobile_phone_prefix: "exported",
    mobile_phone: "exported",
    kind: "exported",
    source: {
      withheld:
        "the address or device that asked a code for the number: often not the member's own (anyone may ask), kept an hour",
    },
    expires_at: "exported",
  },
};
