import type { ConsoleMemberDetail, ConsoleMemberSummary } from "@hcoins/domain/api/console";

/** A member as the console API answers them (tests and screenshots). */
export const memberSummary: ConsoleMemberSummary = {
  id: 42,
  member_no: "M0000042",
  mobile_phone_prefix: "852",
  mobile_phone: "91234567",
  name: "Chan Tai Man",
  email: "taiman@example.com",
  hcoins_memberno: "HC00042",
  status: "registered",
};

export const memberDetail = (changes: Partial<ConsoleMemberDetail> = {}): ConsoleMemberDetail => ({
  member: {
    ...memberSummary,
    first_name: "Tai Man",
    last_name: "Chan",
    birthday_month: 5,
    region: "3005",
    district: "5050",
    created_at: "2026-03-01T09:30:00Z",
    has_password: true,
  },
  login: { locked: true, failures: 5, retry_after_seconds: 1200 },
  blocked: { blocked: false, reason: null },
  sms: [
    { sent_at: "2026-11-27T01:00:00Z", purpose: "login", delivered: true },
    { sent_at: "2026-11-26T23:10:00Z", purpose: "resetPassword", delivered: false },
  ],
  sessions: [{ created_at: "2026-11-20T08:00:00Z", expires_at: "2026-12-20T08:00:00Z", revoked_at: null }],
  consents: [{ channel: "sms", opted_in: true, source: "register", created_at: "2026-03-01T09:30:00Z" }],
  coins: {
    hcoins_memberno: "HC00042",
    balance: 1250,
    vouchers: [
      {
        id: 31,
        code_last_four: "2ZRA",
        title_en: "HK$50 e-gift voucher",
        status: "issued",
        valid_until: "2026-12-31T15:59:59Z",
        goodwill: false,
      },
    ],
  },
  ...changes,
});
