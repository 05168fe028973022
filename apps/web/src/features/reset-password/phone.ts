/** The number a reset is for: from the `data` query, or the logged-in member's own. */
export interface Phone {
  phonePre: string;
  phone: string;
}
