import type { OperatorRole } from "@hcoins/domain/api/console";
import type { Generated } from "kysely";

/** The operators module's tables; times unix milliseconds, flags 0/1 integers. */
export type OperatorTables = {
  operators: OperatorsTable;
  operator_sessions: OperatorSessionsTable;
};

export type OperatorsTable = {
  id: Generated<number>;
  email: string;
  role: OperatorRole;
  password_hash: string | null;
  totp_secret: string | null;
  /** The secret the invitation shows until activation proves it with a code. */
  pending_totp_secret: string | null;
  /** The TOTP time step of the last code accepted: no code is accepted twice. */
  last_totp_step: number | null;
  invitation_hash: string | null;
  invitation_expires_at: number | null;
  active: number;
  activated_at: number | null;
  last_sign_in_at: number | null;
  created_at: number;
  created_by: string;
};

export type OperatorSessionsTable = {
  token_hash: string;
  operator_id: number;
  csrf_token: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  revoked_at: number | null;
  address: string | null;
  /** The browser's User-Agent at sign-in, cut to 300 characters. */
  user_agent: string | null;
};
