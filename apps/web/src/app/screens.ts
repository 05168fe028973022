import type { Key } from "../lib/i18n.ts";
import { paths } from "../lib/paths.ts";

/** A text named with its namespace (`register:titles.register`), as the layout and the first paint read it. */
export type ScreenTitle = Extract<Key, `${string}:${string}`>;

/**
 * Every screen as data: its path, the `namespace:key` of its title (the tab's, and the heading
 * its page draws), its page
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
  /**
   * In the screen's own namespace, `<namespace>:titles.<screen>`: its texts and its title come
   * and go together (the lazy namespaces' screens load them in their loader, before the layout
   * names the tab).
   */
  title: ScreenTitle;
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
    title: "common:appName",
    page: "welcome/welcome-page.tsx",
    landing: true,
  },
  {
    path: paths.register,
    title: "register:titles.register",
    page: "register/register-phone-page.tsx",
    intro: "register:phoneIntro",
    landing: true,
  },
  {
    path: paths.registerCode,
    title: "register:titles.registerCode",
    page: "register/register-code-page.tsx",
  },
  { path: paths.verify, title: "register:titles.verify", page: "register/verify-code-page.tsx" },
  {
    path: paths.registerTerms,
    title: "register:titles.terms",
    page: "register/terms-page.tsx",
  },
  {
    path: paths.registerForm,
    title: "register:titles.registerForm",
    page: "register/register-form-page.tsx",
  },
  {
    path: paths.registerSuccess,
    title: "register:titles.registerSuccess",
    page: "register/register-success-page.tsx",
  },
  {
    path: paths.login,
    title: "login:titles.login",
    page: "login/login-phone-page.tsx",
    intro: "login:phoneIntro",
    landing: true,
  },
  {
    path: paths.loginPassword,
    title: "login:titles.loginPassword",
    page: "login/login-password-page.tsx",
  },
  {
    path: paths.resetCode,
    title: "resetPassword:titles.resetCode",
    page: "reset-password/reset-code-page.tsx",
  },
  {
    path: paths.resetPassword,
    title: "resetPassword:titles.resetPassword",
    page: "reset-password/reset-new-password-page.tsx",
  },
  {
    path: paths.resetSuccess,
    title: "resetPassword:titles.resetSuccess",
    page: "reset-password/reset-success-page.tsx",
  },
  {
    path: paths.forgetPassword,
    title: "resetPassword:titles.forgetPassword",
    page: "reset-password/forget-password-page.tsx",
    login: true,
  },
  {
    path: paths.forgetPasswordSuccess,
    title: "resetPassword:titles.forgetPasswordSuccess",
    page: "reset-password/reset-success-page.tsx",
  },
  {
    path: paths.updatePassword,
    title: "password:titles.updatePassword",
    page: "password/change-password-page.tsx",
    login: true,
  },
  {
    path: paths.updatePasswordSuccess,
    title: "password:titles.updatePasswordSuccess",
    page: "password/change-password-success-page.tsx",
  },
  {
    path: paths.setPassword,
    title: "password:titles.setPassword",
    page: "password/set-password-page.tsx",
    login: true,
  },
  {
    path: paths.qrcode,
    title: "qrcode:titles.qrcode",
    page: "qrcode/qrcode-page.tsx",
    login: true,
  },
  {
    path: paths.coins,
    title: "coins:titles.coins",
    page: "coins/coins-page.tsx",
    login: true,
  },
  {
    path: paths.rewards,
    title: "rewards:titles.rewards",
    page: "rewards/rewards-page.tsx",
  },
  {
    path: "/rewards/:id",
    title: "rewards:titles.reward",
    page: "rewards/reward-page.tsx",
  },
  {
    path: paths.vouchers,
    title: "vouchers:titles.vouchers",
    page: "vouchers/vouchers-page.tsx",
    login: true,
  },
  {
    path: paths.invite,
    title: "referrals:titles.invite",
    page: "referrals/invite-page.tsx",
    login: true,
  },
  {
    path: "/vouchers/:code",
    title: "vouchers:titles.voucher",
    page: "vouchers/voucher-page.tsx",
    login: true,
  },
  {
    path: paths.completeProfile,
    title: "profile:titles.completeProfile",
    page: "profile/complete-profile-page.tsx",
    login: true,
  },
  {
    path: paths.editProfile,
    title: "profile:titles.memberInfo",
    page: "profile/edit-profile-page.tsx",
    login: true,
  },
  {
    path: paths.updateUserSuccess,
    title: "profile:titles.updateSuccess",
    page: "profile/profile-success-page.tsx",
  },
  {
    path: paths.subscription,
    title: "subscription:titles.subscription",
    page: "subscription/preferences-page.tsx",
  },
  {
    path: paths.subscriptionSuccess,
    title: "subscription:titles.subscriptionSuccess",
    page: "subscription/subscription-success-page.tsx",
  },
  {
    path: paths.maintenance,
    title: "common:maintenance.title",
    page: "maintenance/maintenance-page.tsx",
  },
  {
    path: paths.openApp,
    title: "appOpen:titles.openApp",
    page: "app-open/open-app-redirect-page.tsx",
  },
  {
    path: "reward",
    title: "appOpen:titles.openApp",
    page: "app-open/open-or-download-page.tsx",
  },
  {
    path: "offer",
    title: "appOpen:titles.openApp",
    page: "app-open/open-or-download-page.tsx",
  },
  {
    path: "egift",
    title: "appOpen:titles.openApp",
    page: "app-open/open-or-download-page.tsx",
  },
  {
    path: "*",
    title: "appOpen:titles.openApp",
    page: "app-open/open-or-download-page.tsx",
  },
  {
    path: "app-payment/return-payme",
    title: "common:appName",
    page: "app-open/blank-page.tsx",
  },
  {
    path: paths.download,
    title: "download:titles.download",
    page: "download/download-page.tsx",
    landing: true,
  },
  {
    path: paths.storeIndex,
    title: "stores:titles.stores",
    page: "stores/store-list-page.tsx",
  },
  {
    path: paths.storeList,
    title: "stores:titles.stores",
    page: "stores/store-list-page.tsx",
  },
  {
    path: "store-list/detail/:id",
    title: "stores:titles.storeDetail",
    page: "stores/store-detail-page.tsx",
  },
  {
    path: paths.privacyPolicy,
    title: "cmsPages:titles.page",
    page: "cms-pages/privacy-policy-page.tsx",
  },
  {
    path: "pages/:location/:slug",
    title: "cmsPages:titles.page",
    page: "cms-pages/cms-page.tsx",
  },
];
