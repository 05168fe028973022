import { SmsCodeScreen } from "./sms-code-screen.tsx";

/** /register/step2: step 1 has just sent a code, so the resend countdown is already running. */
export function Component() {
  return <SmsCodeScreen flow="register" />;
}
