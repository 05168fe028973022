import type { Generated } from "kysely";

export type SmsTables = {
  sms_codes: SmsCodesTable;
  sms_deliveries: SmsDeliveriesTable;
  sms_limit_sources: SmsLimitSourcesTable;
};

export type SmsCodesTable = {
  id: Generated<number>;
  mobile_phone_prefix: string;
  mobile_phone: string;
  purpose: string;
  code_hash: string;
  attempts: number;
  expires_at: number;
  verified_at: number | null;
  consumed_at: number | null;
  created_at: number;
};

/** One SMS handed to the sender: whether it went out (never the code). */
export type SmsDeliveriesTable = {
  id: Generated<number>;
  mobile_phone_prefix: string;
  mobile_phone: string;
  purpose: string;
  /** 1 the sender accepted it, 0 it failed (the member was answered 5030). */
  delivered: number;
  created_at: number;
};

/**
 * An address or device that asked a code for a number within the hour (sms/limit-sources.ts): the
 * keys of the number's per-address and per-device counts, which an operator's reset must find.
 */
export type SmsLimitSourcesTable = {
  mobile_phone_prefix: string;
  mobile_phone: string;
  kind: LimitSourceKind;
  source: string;
  expires_at: number;
};

export type LimitSourceKind = "address" | "device";
