import { createBrowserRouter, type RouteObject } from "react-router";
import { paths } from "../lib/paths.ts";
import { requireLogin, rootLoader } from "./guard.ts";
import { RootError, RootLayout } from "./root-layout.tsx";

/**
 * Every screen, lazy-loaded. `handle.title` is the common:titles key of the
 * document title; login-required screens use the requireLogin loader.
 */
type Page = () => Promise<{ Component: React.ComponentType }>;

const screen = (path: string, title: string, page: Page, loginRequired = false): RouteObject => ({
  path,
  handle: { title },
  lazy: page,
  ...(loginRequired ? { loader: requireLogin } : {}),
});

export const routes: RouteObject[] = [
  {
    id: "root",
    path: "/",
    Component: RootLayout,
    ErrorBoundary: RootError,
    // The first load waits for the guard (language, maintenance, token login, the stored
    // member's profile): the page appears once it has decided where the visitor goes.
    HydrateFallback: () => null,
    loader: rootLoader,
    shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.href !== nextUrl.href,
    children: [
      screen("", "home", () =>
        import("../features/welcome/welcome-page.tsx").then((m) => ({ Component: m.WelcomePage })),
      ),
      screen(paths.register, "register", () =>
        import("../features/register/register-phone-page.tsx").then((m) => ({
          Component: m.RegisterPhonePage,
        })),
      ),
      screen(paths.registerCode, "registerCode", () =>
        import("../features/register/sms-code-page.tsx").then((m) => ({ Component: m.RegisterCodePage })),
      ),
      screen(paths.verify, "verify", () =>
        import("../features/register/sms-code-page.tsx").then((m) => ({ Component: m.VerifyCodePage })),
      ),
      screen(paths.registerTerms, "terms", () =>
        import("../features/register/terms-page.tsx").then((m) => ({ Component: m.TermsPage })),
      ),
      screen(paths.registerForm, "registerForm", () =>
        import("../features/register/register-form-page.tsx").then((m) => ({
          Component: m.RegisterFormPage,
        })),
      ),
      screen(paths.registerSuccess, "registerSuccess", () =>
        import("../features/register/register-success-page.tsx").then((m) => ({
          Component: m.RegisterSuccessPage,
        })),
      ),
      screen(paths.login, "login", () =>
        import("../features/login/login-phone-page.tsx").then((m) => ({ Component: m.LoginPhonePage })),
      ),
      screen(paths.loginPassword, "loginPassword", () =>
        import("../features/login/login-password-page.tsx").then((m) => ({ Component: m.LoginPasswordPage })),
      ),
      screen(paths.resetCode, "resetCode", () =>
        import("../features/reset-password/reset-code-page.tsx").then((m) => ({
          Component: m.ResetCodePage,
        })),
      ),
      screen(paths.resetPassword, "resetPassword", () =>
        import("../features/reset-password/reset-new-password-page.tsx").then((m) => ({
          Component: m.ResetNewPasswordPage,
        })),
      ),
      screen(paths.resetSuccess, "resetSuccess", () =>
        import("../features/reset-password/reset-success-page.tsx").then((m) => ({
          Component: m.ResetSuccessPage,
        })),
      ),
      screen(
        paths.forgetPassword,
        "forgetPassword",
        () =>
          import("../features/reset-password/forget-password-page.tsx").then((m) => ({
            Component: m.ForgetPasswordPage,
          })),
        true,
      ),
      screen(paths.forgetPasswordSuccess, "forgetPasswordSuccess", () =>
        import("../features/reset-password/reset-success-page.tsx").then((m) => ({
          Component: m.ResetSuccessPage,
        })),
      ),
      screen(
        paths.updatePassword,
        "updatePassword",
        () =>
          import("../features/password/change-password-page.tsx").then((m) => ({
            Component: m.ChangePasswordPage,
          })),
        true,
      ),
      screen(paths.updatePasswordSuccess, "updatePasswordSuccess", () =>
        import("../features/password/change-password-success-page.tsx").then((m) => ({
          Component: m.ChangePasswordSuccessPage,
        })),
      ),
      screen(
        paths.setPassword,
        "setPassword",
        () =>
          import("../features/password/set-password-page.tsx").then((m) => ({
            Component: m.SetPasswordPage,
          })),
        true,
      ),
      screen(
        paths.qrcode,
        "qrcode",
        () => import("../features/qrcode/qrcode-page.tsx").then((m) => ({ Component: m.QrCodePage })),
        true,
      ),
      screen(
        paths.completeProfile,
        "completeProfile",
        () =>
          import("../features/profile/complete-profile-page.tsx").then((m) => ({
            Component: m.CompleteProfilePage,
          })),
        true,
      ),
      screen(
        paths.editProfile,
        "memberInfo",
        () =>
          import("../features/profile/edit-profile-page.tsx").then((m) => ({ Component: m.EditProfilePage })),
        true,
      ),
      screen(paths.updateUserSuccess, "updateSuccess", () =>
        import("../features/profile/profile-success-page.tsx").then((m) => ({
          Component: m.ProfileSuccessPage,
        })),
      ),
      screen(paths.subscription, "subscription", () =>
        import("../features/subscription/preferences-page.tsx").then((m) => ({
          Component: m.PreferencesPage,
        })),
      ),
      screen(paths.subscriptionSuccess, "subscriptionSuccess", () =>
        import("../features/subscription/subscription-success-page.tsx").then((m) => ({
          Component: m.SubscriptionSuccessPage,
        })),
      ),
      screen(paths.maintenance, "maintenance", () =>
        import("../features/maintenance/maintenance-page.tsx").then((m) => ({
          Component: m.MaintenancePage,
        })),
      ),
      screen(paths.openApp, "openApp", () =>
        import("../features/app-open/open-app-redirect-page.tsx").then((m) => ({
          Component: m.OpenAppRedirectPage,
        })),
      ),
      ...["reward", "offer", "egift", "*"].map((path) =>
        screen(path, "openApp", () =>
          import("../features/app-open/open-or-download-page.tsx").then((m) => ({
            Component: m.OpenOrDownloadPage,
          })),
        ),
      ),
      screen("app-payment/return-payme", "home", () =>
        import("../features/app-open/blank-page.tsx").then((m) => ({ Component: m.BlankPage })),
      ),
      screen(paths.download, "download", () =>
        import("../features/download/download-page.tsx").then((m) => ({ Component: m.DownloadPage })),
      ),
      ...[paths.storeIndex, paths.storeList].map((path) =>
        screen(path, "stores", () =>
          import("../features/stores/store-list-page.tsx").then((m) => ({ Component: m.StoreListPage })),
        ),
      ),
      screen("store-list/detail/:id", "storeDetail", () =>
        import("../features/stores/store-detail-page.tsx").then((m) => ({ Component: m.StoreDetailPage })),
      ),
      screen(paths.privacyPolicy, "page", () =>
        import("../features/cms-pages/cms-page.tsx").then((m) => ({ Component: m.PrivacyPolicyPage })),
      ),
      screen("pages/:location/:slug", "page", () =>
        import("../features/cms-pages/cms-page.tsx").then((m) => ({ Component: m.CmsPage })),
      ),
    ],
  },
];

/** Created after i18n is ready: the root loader runs as soon as a router exists. */
export const createRouter = () => createBrowserRouter(routes);
