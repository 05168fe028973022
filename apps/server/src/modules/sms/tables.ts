import type { Generated } from "kysely";

export type SmsTables = {
  sms_codes: SmsCodesTable;
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
