/** A voucher code as operators see it: its last four characters only (the full code is the audited reveal's). */
export const maskedCode = (lastFour: string) => `••••${lastFour}`;
