import { useEffect, useId, useRef, useState } from "react";
import { Link, useLocation, useNavigate } from "react-router";
import { logout } from "../api/auth.ts";
import { clearUser } from "../api/profile.ts";
import { useTranslation } from "../lib/i18n.ts";
import { paths } from "../lib/paths.ts";
import { session } from "../lib/session.ts";

const LINKS = [
  { to: paths.qrcode, label: "qrcode" },
  { to: paths.coins, label: "coins" },
  { to: paths.rewards, label: "rewards" },
  { to: paths.vouchers, label: "vouchers" },
  { to: paths.invite, label: "invite" },
  { to: paths.editProfile, label: "memberInfo" },
  { to: paths.updatePassword, label: "changePassword" },
  { to: paths.subscription, label: "preferences" },
] as const;

/**
 * A logged-in member's menu: a button in the header opening a panel of their screens and Log
 * out (a disclosure, not an ARIA menu: plain links, Tab moves through them). It closes on
 * Escape (focus back on the button), on a click outside it, and when the address changes.
 */
export function MemberMenu() {
  const { t } = useTranslation(["menu", "common"]);
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const { pathname, search } = useLocation();
  const navigate = useNavigate();

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new address closes the panel by design
  useEffect(() => setOpen(false), [pathname, search]);

  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>("a, button.member-menu-item")?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      setOpen(false);
      button.current?.focus();
    };
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener("keydown", onKey);
    document.addEventListener("pointerdown", onPointer);
    return () => {
      document.removeEventListener("keydown", onKey);
      document.removeEventListener("pointerdown", onPointer);
    };
  }, [open]);

  const leave = async () => {
    setOpen(false);
    // The session ends here whatever the server answers: the member asked to leave.
    await logout().catch(() => undefined);
    session.clearToken();
    clearUser();
    navigate(paths.login);
  };

  return (
    <div className="member-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="member-menu-button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
      >
        <span className="member-menu-icon" aria-hidden="true" />
        {t("menu")}
      </button>
      <nav id={panelId} className="member-menu-panel" aria-label={t("label")} hidden={!open}>
        <ul>
          {LINKS.map((link) => (
            <li key={link.to}>
              <Link
                className="member-menu-item"
                to={link.to}
                onClick={() => setOpen(false)}
                aria-current={pathname === link.to ? "page" : undefined}
              >
                {t(link.label)}
              </Link>
            </li>
          ))}
          <li>
            <button type="button" className="member-menu-item member-menu-logout" onClick={leave}>
              {t("common:logout")}
            </button>
          </li>
        </ul>
      </nav>
    </div>
  );
}
