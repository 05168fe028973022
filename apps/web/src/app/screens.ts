import { paths } from "../lib/paths.ts";

/**
 * Every screen as data: its path, the common:titles key of its document title, its page
 * module under src/features, whether it needs a logged-in member, and the intro its first
 * paint shows. A page module exports what React Router reads from a route by those names:
 * `Component`, and `loader` where the screen asks for its data before it draws
 * (docs/adding-a-screen.md). The router (router.tsx) loads each page lazily from this table;
 * the build (vite.config.ts) reads it too, to tell the server which chunks each path needs, so
 * that the page's HTML can start loading them at once (modulepreload), and what the first paint
 * of each path says.
 */
export interface Screen {
  path: string;
  title: string;
  page: string;
  login?: true;
  /**
   * A landing screen, drawn without TanStack Query: the router gives every other screen the
   * query client (lib/query-client-provider.tsx), and the library stays out of this one's first
   * load. Its calls use the client's plain functions or a deferred mutation.
   */
  landing?: true;
  /**
   * The namespace:key of the intro paragraph under the title, on screens that open with
   * fixed text: the server draws title and intro in the page's first paint (#boot).
   */
  intro?: string;
}

export const SCREENS: Screen[] = [
  {
    path: "",
    title: "home",
    page: "welcome/welcome-page.tsx",
    landing: true,
  },
  {
    path: paths.register,
    title: "register",
    page: "register/register-phone-page.tsx",
    intro: "register:phoneIntro",
    landing: true,
  },
  {
    path: paths.registerCode,
    title: "registerCode",
    page: "register/register-code-page.tsx",
  },
  { path: paths.verify, title: "verify", page: "register/verify-code-page.tsx" },
  {
    path: paths.registerTerms,
    title: "terms",
    page: "register/terms-page.tsx",
  },
  {
    path: paths.registerForm,
    title: "registerForm",
    page: "register/register-form-page.tsx",
  },
  {
    path: paths.registerSuccess,
    title: "registerSuccess",
    page: "register/register-success-page.tsx",
  },
  {
    path: paths.login,
    title: "login",
    page: "login/login-phone-page.tsx",
    intro: "login:phoneIntro",
    landing: true,
  },
  {
    path: paths.loginPassword,
    title: "loginPassword",
    page: "login/login-password-page.tsx",
  },
  {
    path: paths.resetCode,
    title: "resetCode",
    page: "reset-password/reset-code-page.tsx",
  },
  {
    path: paths.resetPassword,
    title: "resetPassword",
    page: "reset-password/reset-new-password-page.tsx",
  },
  {
    path: paths.resetSuccess,
    title: "resetSuccess",
    page: "reset-password/reset-success-page.tsx",
  },
  {
    path: paths.forgetPassword,
    title: "forgetPassword",
    page: "reset-password/forget-password-page.tsx",
    login: true,
  },
  {
    path: paths.forgetPasswordSuccess,
    title: "forgetPasswordSuccess",
    page: "reset-password/reset-success-page.tsx",
  },
  {
    path: paths.updatePassword,
    title: "updatePassword",
    page: "password/change-password-page.tsx",
    login: true,
  },
  {
    path: paths.updatePasswordSuccess,
    title: "updatePasswordSuccess",
    page: "password/change-password-success-page.tsx",
  },
  {
    path: paths.setPassword,
    title: "setPassword",
    page: "password/set-password-page.tsx",
    login: true,
  },
  {
    path: paths.qrcode,
    title: "qrcode",
    page: "qrcode/qrcode-page.tsx",
    login: true,
  },
  {
    path: paths.coins,
    title: "coins",
    page: "coins/coins-page.tsx",
    login: true,
  },
  {
    path: paths.rewards,
    title: "rewards",
    page: "rewards/rewards-page.tsx",
  },
  {
    path: "/rewards/:id",
    title: "reward",
    page: "rewards/reward-page.tsx",
  },
  {
    path: paths.vouchers,
    title: "vouchers",
    page: "vouchers/vouchers-page.tsx",
    login: true,
  },
  {
    path: "/vouchers/:code",
    title: "voucher",
    page: "vouchers/voucher-page.tsx",
    login: true,
  },
  {
    path: paths.completeProfile,
    title: "completeProfile",
    page: "profile/complete-profile-page.tsx",
    login: true,
  },
  {
    path: paths.editProfile,
    title: "memberInfo",
    page: "profile/edit-profile-page.tsx",
    login: true,
  },
  {
    path: paths.updateUserSuccess,
    title: "updateSuccess",
    page: "profile/profile-success-page.tsx",
  },
  {
    path: paths.subscription,
    title: "subscription",
    page: "subscription/preferences-page.tsx",
  },
  {
    path: paths.subscriptionSuccess,
    title: "subscriptionSuccess",
    page: "subscription/subscription-success-page.tsx",
  },
  {
    path: paths.maintenance,
    title: "maintenance",
    page: "maintenance/maintenance-page.tsx",
  },
  {
    path: paths.openApp,
    title: "openApp",
    page: "app-open/open-app-redirect-page.tsx",
  },
  {
    path: "reward",
    title: "openApp",
    page: "app-open/open-or-download-page.tsx",
  },
  {
    path: "offer",
    title: "openApp",
    page: "app-open/open-or-download-page.tsx",
  },
  {
    path: "egift",
    title: "openApp",
    page: "app-open/open-or-download-page.tsx",
  },
  {
    path: "*",
    title: "openApp",
    page: "app-open/open-or-download-page.tsx",
  },
  {
    path: "app-payment/return-payme",
    title: "home",
    page: "app-open/blank-page.tsx",
  },
  {
    path: paths.download,
    title: "download",
    page: "download/download-page.tsx",
    landing: true,
  },
  {
    path: paths.storeIndex,
    title: "stores",
    page: "stores/store-list-page.tsx",
  },
  {
    path: paths.storeList,
    title: "stores",
    page: "stores/store-list-page.tsx",
  },
  {
    path: "store-list/detail/:id",
    title: "storeDetail",
    page: "stores/store-detail-page.tsx",
  },
  {
    path: paths.privacyPolicy,
    title: "page",
    page: "cms-pages/privacy-policy-page.tsx",
  },
  {
    path: "pages/:location/:slug",
    title: "page",
    page: "cms-pages/cms-page.tsx",
  },
];
