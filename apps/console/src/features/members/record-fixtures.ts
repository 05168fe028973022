import type { CaseNote, HistoryEntry, SmsLimit } from "@hcoins/domain/api/console-member-records";

/** The member's records as the console API answers them (tests and screenshots). */
export const smsLimits = (blocked = true): { limits: SmsLimit[] } => ({
  limits: [
    ...(blocked
      ? [
          {
            limit: "numberAddress" as const,
            purpose: null,
            source: "203.0.113.7",
            used: 3,
            allowed: 3,
            resets_at: "2026-11-27T02:55:00Z",
            blocking: true,
            cleared_by_reset: true,
          },
        ]
      : []),
    {
      limit: "number",
      purpose: null,
      source: null,
      used: blocked ? 3 : 0,
      allowed: 5,
      resets_at: blocked ? "2026-11-27T02:55:00Z" : null,
      blocking: false,
      cleared_by_reset: true,
    },
    {
      limit: "address",
      purpose: null,
      source: "203.0.113.7",
      used: 3,
      allowed: 30,
      resets_at: "2026-11-27T02:55:00Z",
      blocking: false,
      cleared_by_reset: false,
    },
    {
      limit: "budget",
      purpose: null,
      source: null,
      used: 42,
      allowed: 1000,
      resets_at: "2026-11-27T02:30:00Z",
      blocking: false,
      cleared_by_reset: false,
    },
  ],
});

export const phoneHistory = {
  numbers: [
    {
      mobile_phone_prefix: "852",
      mobile_phone: "61234567",
      replaced_at: "2026-11-20T03:00:00Z",
      replaced_by: "operator:agent@example.com",
      reason: "Lost the old SIM card",
    },
  ],
};

export const caseNotes = (notes: CaseNote[] = [note]) => ({ notes, total: notes.length });

const note: CaseNote = {
  id: 7,
  note: "Called about a missing receipt from Mong Kok; asked for a copy.",
  author: "operator:agent@example.com",
  created_at: "2026-11-26T08:15:00Z",
};

export const memberHistory = (): { entries: HistoryEntry[]; total: number } => ({
  entries: [
    {
      id: 90,
      at: "2026-11-20T03:00:00Z",
      actor: "operator:agent@example.com",
      action: "member.changeMobileNumber",
      reason: "Lost the old SIM card",
      before: { mobile_phone_prefix: "852", mobile_phone: "61234567" },
      after: { mobile_phone_prefix: "852", mobile_phone: "91234567", reason: "Lost the old SIM card" },
    },
    {
      id: 80,
      at: "2026-11-19T10:00:00Z",
      actor: "operator:agent@example.com",
      action: "member.edit",
      reason: "Typo at sign-up",
      before: { email: "taiman@exampel.com" },
      after: { email: "taiman@example.com", reason: "Typo at sign-up" },
    },
  ],
  total: 2,
});
