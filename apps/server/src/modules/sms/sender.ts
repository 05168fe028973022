import type { Language } from "@hcoins/domain/languages";

/** What a code is for; a code is bound to its purpose (a reset code never redeems). */
export type SmsPurpose = "register" | "reset" | "redeem";

export interface SmsMessage {
  mobile_phone_prefix: string;
  mobile_phone: string;
  purpose: SmsPurpose;
  language: Language;
  code: string;
  text: string;
}

/** Where SMS go: the console (development) or an HTTP gateway. Chosen by SMS_PROVIDER. */
export interface SmsSender {
  send(message: SmsMessage): Promise<void>;
}

export function renderSmsText(templates: Record<Language, string>, language: Language, code: string): string {
  return templates[language].replaceAll("{code}", code);
}
