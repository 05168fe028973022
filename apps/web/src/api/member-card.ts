import type { UserInfo } from "@hcoins/domain/api/profile";
import { memberDataKey, session } from "../lib/session.ts";

/**
 * The member card: what the member QR code is drawn from (packages/domain/src/member-qr.ts), kept
 * on this device from the last user info it saw, so that /qrcode opens at a till with no signal
 * and, online, draws before any network answer. Nothing more than the code needs: no name, no
 * phone, no email. It is the session's member data: logout and a 401 remove it (lib/session.ts).
 */
export interface MemberCard {
  id: number;
  memberNo: string | null;
  birthdayMonth: number | null;
}

const CARD = "card";

/** Where the card is kept: app/first-paint.ts's early script looks for it before the app runs. */
export const CARD_STORAGE_KEY = memberDataKey(CARD);

export const cardOf = (user: UserInfo): MemberCard => ({
  id: user.id,
  memberNo: user.member_no,
  birthdayMonth: user.birthday_month,
});

export function keepCard(user: UserInfo) {
  session.setMemberData(CARD, cardOf(user));
}

/** The card this device keeps for the session's member, or null (none, or not one this version wrote). */
export function keptCard(): MemberCard | null {
  const card = session.getMemberData<Partial<MemberCard>>(CARD);
  const valid =
    typeof card?.id === "number" &&
    (card.memberNo === null || typeof card.memberNo === "string") &&
    (card.birthdayMonth === null || typeof card.birthdayMonth === "number");
  return valid ? (card as MemberCard) : null;
}
