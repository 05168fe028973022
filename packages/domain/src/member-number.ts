/**
 * Member numbers. Since issue 25 the server gives new members `M`, ten random digits and a Luhn
 * check digit (`M48151623425`): not the next number after someone else's, so a made-up QR code
 * names nobody but by chance, and the check digit refuses most made-up or mistyped ones before any
 * lookup. Numbers given before (`M` and the row id in nine digits) and imported ones (any text)
 * stay valid: only the new form, which no older number has (twelve characters), is checked.
 */
export const MEMBER_NUMBER_RANDOM_DIGITS = 10;

const NEW_FORM = /^M\d{11}$/;

/** The Luhn check digit of a string of digits. */
function luhnCheckDigit(digits: string): number {
  let sum = 0;
  // From the right, every second digit (starting with the rightmost, as the check digit will follow) is doubled.
  for (let i = 0; i < digits.length; i++) {
    let digit = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
  }
  return (10 - (sum % 10)) % 10;
}

/** The member number of ten random digits (the server draws them, member-number-allocation.ts). */
export function memberNumberFromDigits(digits: string): string {
  if (!new RegExp(`^\\d{${MEMBER_NUMBER_RANDOM_DIGITS}}$`).test(digits))
    throw new Error(`a member number takes ${MEMBER_NUMBER_RANDOM_DIGITS} digits`);
  return `M${digits}${luhnCheckDigit(digits)}`;
}

/** False only for a number of the new form whose check digit is wrong: no member has it. */
export function memberNumberPlausible(memberNo: string): boolean {
  if (!NEW_FORM.test(memberNo)) return true;
  const digits = memberNo.slice(1, -1);
  return luhnCheckDigit(digits) === Number(memberNo.at(-1));
}
