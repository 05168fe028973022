import { useState } from "react";
import { useTranslation } from "../../lib/i18n.ts";
import { GoodwillDialog } from "./goodwill-dialog.tsx";
import { maskedCode } from "./masked-code.ts";
import type { MemberPartProps } from "./member-actions.ts";
import { RevealDialog } from "./reveal-dialog.tsx";

type Tool = "reveal" | "goodwill";

/** The member page's voucher tools: reveal a code (customer service), give a goodwill voucher. */
export function VoucherTools({ detail, permissions, onDone }: MemberPartProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Tool | null>(null);
  if (!detail.coins) return null;
  const tools: Tool[] = [];
  if (permissions.includes("vouchers.reveal") && detail.coins.vouchers.length > 0) tools.push("reveal");
  if (permissions.includes("vouchers.goodwill") && detail.member.status !== "disabled")
    tools.push("goodwill");
  if (tools.length === 0) return null;
  return (
    <>
      <fieldset className="actions">
        <legend className="visually-hidden">{t("vouchers.label")}</legend>
        {tools.map((tool) => (
          <button key={tool} type="button" className="button secondary" onClick={() => setOpen(tool)}>
            {t(`vouchers.${tool}.button`)}
          </button>
        ))}
      </fieldset>
      {open === "reveal" ? (
        <RevealDialog detail={detail} onClose={() => setOpen(null)} />
      ) : open === "goodwill" ? (
        <GoodwillDialog
          memberId={detail.member.id}
          onClose={() => setOpen(null)}
          onDone={(given) => {
            setOpen(null);
            onDone(
              given.status === "applied"
                ? t("vouchers.goodwill.done", { code: maskedCode(given.code_last_four) })
                : t("vouchers.goodwill.pending", { id: given.approval_id }),
            );
          }}
        />
      ) : null}
    </>
  );
}
