import { SmsCodeScreen } from "./sms-code-screen.tsx";

/** /verify (from login, for a number that is not yet a full member): the button sends the first code. */
export function Component() {
  return <SmsCodeScreen flow="verify" />;
}
