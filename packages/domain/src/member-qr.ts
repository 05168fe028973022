import { memberNumberPlausible } from "./member-number.ts";
import { formatBirthMonth } from "./profile-options.ts";

export interface MemberQrInput {
  memberNo: string | null | undefined;
  id: string | number;
  birthdayMonth: number | null | undefined;
  unixSeconds: number;
}

export interface MemberQrData {
  memberRef: string;
  birthdayMonth: number | null;
  unixSeconds: number;
}

/** The till reads `<member_no or id>,0,<MM>,<unix seconds>`; the time lets it refuse an old screenshot. */
export function memberQrText({ memberNo, id, birthdayMonth, unixSeconds }: MemberQrInput): string {
  return `${memberNo || id},0,${formatBirthMonth(birthdayMonth)},${Math.floor(unixSeconds)}`;
}

export function parseMemberQrText(text: string): MemberQrData | null {
  const parts = text.split(",");
  if (parts.length !== 4) return null;
  const [memberRef = "", flag, month = "", seconds = ""] = parts;
  if (memberRef === "" || /\s/.test(memberRef) || flag !== "0") return null;
  // A made-up member number of the new form fails its check digit here, before any lookup.
  if (!memberNumberPlausible(memberRef)) return null;
  if (!/^\d{2}$/.test(month) || !/^\d{1,15}$/.test(seconds)) return null;
  const monthNumber = Number(month);
  if (monthNumber > 12) return null;
  return { memberRef, birthdayMonth: monthNumber === 0 ? null : monthNumber, unixSeconds: Number(seconds) };
}
