import { paths } from "../lib/paths.ts";

/**
 * Every screen as data: its path, the common:titles key of its document title, its page
 * module under src/features and the component that module exports, the loader that module
 * exports for the screen's data, whether it needs a logged-in member, and the intro its
 * first paint shows. The router (router.tsx) loads each
 * page lazily from this table; the build (vite.config.ts) reads it too, to tell the server
 * which chunks each path needs, so that the page's HTML can start loading them at once
 * (modulepreload), and what the first paint of each path says.
 */
export interface Screen {
  path: string;
  title: string;
  page: string;
  component: string;
  /**
   * The page module's export that asks for the screen's data before it draws (a
   * ScreenLoader: router.tsx runs it after the guard).
   */
  loader?: string;
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
    component: "WelcomePage",
    loader: "welcomeLoader",
    landing: true,
  },
  {
    path: paths.register,
    title: "register",
    page: "register/register-phone-page.tsx",
    component: "RegisterPhonePage",
    intro: "register:phoneIntro",
    landing: true,
  },
  {
    path: paths.registerCode,
    title: "registerCode",
    page: "register/sms-code-page.tsx",
    component: "RegisterCodePage",
  },
  { path: paths.verify, title: "verify", page: "register/sms-code-page.tsx", component: "VerifyCodePage" },
  {
    path: paths.registerTerms,
    title: "terms",
    page: "register/terms-page.tsx",
    component: "TermsPage",
    loader: "termsLoader",
  },
  {
    path: paths.registerForm,
    title: "registerForm",
    page: "register/register-form-page.tsx",
    component: "RegisterFormPage",
  },
  {
    path: paths.registerSuccess,
    title: "registerSuccess",
    page: "register/register-success-page.tsx",
    component: "RegisterSuccessPage",
  },
  {
    path: paths.login,
    title: "login",
    page: "login/login-phone-page.tsx",
    component: "LoginPhonePage",
    intro: "login:phoneIntro",
    landing: true,
  },
  {
    path: paths.loginPassword,
    title: "loginPassword",
    page: "login/login-password-page.tsx",
    component: "LoginPasswordPage",
  },
  {
    path: paths.resetCode,
    title: "resetCode",
    page: "reset-password/reset-code-page.tsx",
    component: "ResetCodePage",
  },
  {
    path: paths.resetPassword,
    title: "resetPassword",
    page: "reset-password/reset-new-password-page.tsx",
    component: "ResetNewPasswordPage",
  },
  {
    path: paths.resetSuccess,
    title: "resetSuccess",
    page: "reset-password/reset-success-page.tsx",
    component: "ResetSuccessPage",
  },
  {
    path: paths.forgetPassword,
    title: "forgetPassword",
    page: "reset-password/forget-password-page.tsx",
    component: "ForgetPasswordPage",
    login: true,
  },
  {
    path: paths.forgetPasswordSuccess,
    title: "forgetPasswordSuccess",
    page: "reset-password/reset-success-page.tsx",
    component: "ResetSuccessPage",
  },
  {
    path: paths.updatePassword,
    title: "updatePassword",
    page: "password/change-password-page.tsx",
    component: "ChangePasswordPage",
    login: true,
  },
  {
    path: paths.updatePasswordSuccess,
    title: "updatePasswordSuccess",
    page: "password/change-password-success-page.tsx",
    component: "ChangePasswordSuccessPage",
  },
  {
    path: paths.setPassword,
    title: "setPassword",
    page: "password/set-password-page.tsx",
    component: "SetPasswordPage",
    login: true,
  },
  {
    path: paths.qrcode,
    title: "qrcode",
    page: "qrcode/qrcode-page.tsx",
    component: "QrCodePage",
    loader: "qrcodeLoader",
    login: true,
  },
  {
    path: paths.coins,
    title: "coins",
    page: "coins/coins-page.tsx",
    component: "CoinsPage",
    loader: "coinsLoader",
    login: true,
  },
  {
    path: paths.rewards,
    title: "rewards",
    page: "rewards/rewards-page.tsx",
    component: "RewardsPage",
    loader: "rewardsLoader",
  },
  {
    path: "/rewards/:id",
    title: "reward",
    page: "rewards/reward-page.tsx",
    component: "RewardPage",
    loader: "rewardLoader",
  },
  {
    path: paths.vouchers,
    title: "vouchers",
    page: "vouchers/vouchers-page.tsx",
    component: "VouchersPage",
    loader: "vouchersLoader",
    login: true,
  },
  {
    path: "/vouchers/:code",
    title: "voucher",
    page: "vouchers/voucher-page.tsx",
    component: "VoucherPage",
    loader: "voucherLoader",
    login: true,
  },
  {
    path: paths.completeProfile,
    title: "completeProfile",
    page: "profile/complete-profile-page.tsx",
    component: "CompleteProfilePage",
    login: true,
  },
  {
    path: paths.editProfile,
    title: "memberInfo",
    page: "profile/edit-profile-page.tsx",
    component: "EditProfilePage",
    login: true,
  },
  {
    path: paths.updateUserSuccess,
    title: "updateSuccess",
    page: "profile/profile-success-page.tsx",
    component: "ProfileSuccessPage",
  },
  {
    path: paths.subscription,
    title: "subscription",
    page: "subscription/preferences-page.tsx",
    component: "PreferencesPage",
    loader: "preferencesLoader",
  },
  {
    path: paths.subscriptionSuccess,
    title: "subscriptionSuccess",
    page: "subscription/subscription-success-page.tsx",
    component: "SubscriptionSuccessPage",
  },
  {
    path: paths.maintenance,
    title: "maintenance",
    page: "maintenance/maintenance-page.tsx",
    component: "MaintenancePage",
  },
  {
    path: paths.openApp,
    title: "openApp",
    page: "app-open/open-app-redirect-page.tsx",
    component: "OpenAppRedirectPage",
  },
  {
    path: "reward",
    title: "openApp",
    page: "app-open/open-or-download-page.tsx",
    component: "OpenOrDownloadPage",
  },
  {
    path: "offer",
    title: "openApp",
    page: "app-open/open-or-download-page.tsx",
    component: "OpenOrDownloadPage",
  },
  {
    path: "egift",
    title: "openApp",
    page: "app-open/open-or-download-page.tsx",
    component: "OpenOrDownloadPage",
  },
  {
    path: "*",
    title: "openApp",
    page: "app-open/open-or-download-page.tsx",
    component: "OpenOrDownloadPage",
  },
  {
    path: "app-payment/return-payme",
    title: "home",
    page: "app-open/blank-page.tsx",
    component: "BlankPage",
  },
  {
    path: paths.download,
    title: "download",
    page: "download/download-page.tsx",
    component: "DownloadPage",
    landing: true,
  },
  {
    path: paths.storeIndex,
    title: "stores",
    page: "stores/store-list-page.tsx",
    component: "StoreListPage",
    loader: "storeListLoader",
  },
  {
    path: paths.storeList,
    title: "stores",
    page: "stores/store-list-page.tsx",
    component: "StoreListPage",
    loader: "storeListLoader",
  },
  {
    path: "store-list/detail/:id",
    title: "storeDetail",
    page: "stores/store-detail-page.tsx",
    component: "StoreDetailPage",
    loader: "storeDetailLoader",
  },
  {
    path: paths.privacyPolicy,
    title: "page",
    page: "cms-pages/cms-page.tsx",
    component: "PrivacyPolicyPage",
    loader: "privacyPolicyLoader",
  },
  {
    path: "pages/:location/:slug",
    title: "page",
    page: "cms-pages/cms-page.tsx",
    component: "CmsPage",
    loader: "cmsPageLoader",
  },
];
