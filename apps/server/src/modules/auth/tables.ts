/** The auth module's tables: password-reset tokens and the nonces of signed logins. */
export type AuthTables = {
  reset_tokens: ResetTokensTable;
  signature_nonces: SignatureNoncesTable;
};

export type ResetTokensTable = {
  token_hash: string;
  member_id: number;
  created_at: number;
  expires_at: number;
  used_at: number | null;
};

export type SignatureNoncesTable = {
  nonce: string;
  seen_at: number;
};
