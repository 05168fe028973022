import type { MemberLedger, MemberLedgerEntry } from "@hcoins/domain/api/console-ledger";

/** A ledger entry of the member's page (member-ledger.tsx): a purchase at Mong Kok unless told. */
export const ledgerEntry = (fields: Partial<MemberLedgerEntry> = {}): MemberLedgerEntry => ({
  id: 1,
  kind: "purchase",
  coins: 250,
  created_at: "2026-03-14T06:00:00Z",
  store_code: "HF-MK01",
  store_name: { en: "Mong Kok store", tc: "旺角店", sc: "旺角店" },
  receipt_no: "R-2026-0314-0042",
  net_amount: "250.00",
  actor: "till-mk01",
  reason: "",
  note: null,
  voucher_code_last_four: null,
  lines: [{ kind: "base", coins: 250, campaign_id: null, name: null }],
  ...fields,
});

export const memberLedger = (entries = [ledgerEntry()], total = entries.length): MemberLedger => ({
  hcoins_memberno: "HC00042",
  balance: 1250,
  entries,
  total,
});
