import type { ConsoleMemberDetail } from "@hcoins/domain/api/console";
import { findRegion } from "@hcoins/domain/profile-options";
import { textIn } from "@hcoins/i18n/translator";
import { useQuery } from "@tanstack/react-query";
import { type ReactNode, useState } from "react";
import { Link, useParams } from "react-router";
import { memberQuery } from "../../api/members.ts";
import { sessionQuery } from "../../api/session.ts";
import { ListTable } from "../../components/list-table.tsx";
import { QueryState } from "../../components/query-state.tsx";
import { StatusBadge } from "../../components/status-badge.tsx";
import { formatNumber, formatTime } from "../../lib/format.ts";
import { currentLanguage, useTranslation } from "../../lib/i18n.ts";
import { AdjustCoins } from "./adjust-coins.tsx";
import { maskedCode } from "./masked-code.ts";
import { MemberActionDialog } from "./member-action-dialog.tsx";
import { type ActionSpec, actionsFor } from "./member-actions.ts";
import { MemberLedger } from "./member-ledger.tsx";
import { MemberRecordActions } from "./member-record-actions.tsx";
import { MemberRecordCards } from "./member-record-cards.tsx";
import { MemberTier } from "./member-tier.tsx";
import { VoucherTools } from "./voucher-tools.tsx";

/** A member as customer service needs them: who, why they cannot log in, what was sent, their coins; and the actions. */
export function Component() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const member = useQuery(memberQuery(id));
  const { data: operator } = useQuery(sessionQuery);
  const [open, setOpen] = useState<ActionSpec | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const detail = member.data;
  const name = detail ? memberName(detail, t("member.unnamed")) : "";
  const actions = detail ? actionsFor(detail, operator?.permissions ?? []) : [];

  return (
    <section className="page">
      <p className="breadcrumb">
        <Link to="/members">{t("members.title")}</Link>
      </p>
      <QueryState query={member} />
      {detail ? (
        <>
          <h1>
            {name} <StatusBadge status={detail.member.status} />
          </h1>
          <p className="status-line" role="status">
            {done}
          </p>
          <ActionBar
            label={t("actions.label")}
            actions={actions.filter((spec) => spec.group === "account")}
            onOpen={(spec) => {
              setDone(null);
              setOpen(spec);
            }}
          />
          <AdjustCoins detail={detail} memberName={name} onDone={setDone} />
          <ActionBar
            label={t("actions.caseLabel")}
            actions={actions.filter((spec) => spec.group === "case")}
            onOpen={(spec) => {
              setDone(null);
              setOpen(spec);
            }}
          />
          <MemberRecordActions
            detail={detail}
            permissions={operator?.permissions ?? []}
            onDone={(message) => setDone(message)}
          />
          <VoucherTools detail={detail} permissions={operator?.permissions ?? []} onDone={setDone} />
          <MemberDetail detail={detail} />
          <MemberRecordCards detail={detail} permissions={operator?.permissions ?? []} />
          {open ? (
            <MemberActionDialog
              detail={detail}
              memberName={name}
              spec={open}
              onClose={() => setOpen(null)}
              onDone={() => {
                setOpen(null);
                setDone(t(`actions.${open.action}.done`));
              }}
            />
          ) : null}
        </>
      ) : null}
    </section>
  );
}

/** One group of the member's actions as buttons; nothing when none applies. */
function ActionBar({
  label,
  actions,
  onOpen,
}: {
  label: string;
  actions: readonly ActionSpec[];
  onOpen: (spec: ActionSpec) => void;
}) {
  const { t } = useTranslation();
  if (actions.length === 0) return null;
  return (
    <fieldset className="actions">
      <legend className="visually-hidden">{label}</legend>
      {actions.map((spec) => (
        <button
          key={spec.action}
          type="button"
          className={spec.dangerous ? "button danger" : "button secondary"}
          onClick={() => onOpen(spec)}
        >
          {t(`actions.${spec.action}.button`)}
        </button>
      ))}
    </fieldset>
  );
}

function memberName({ member }: ConsoleMemberDetail, unnamed: string) {
  return member.name ?? ([member.first_name, member.last_name].filter(Boolean).join(" ") || unnamed);
}

function Card({ title, wide = false, children }: { title: string; wide?: boolean; children: ReactNode }) {
  return (
    <section className={wide ? "card wide" : "card"}>
      <h2>{title}</h2>
      {children}
    </section>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? "—"}</dd>
        </div>
      ))}
    </dl>
  );
}

/** A read-only list of the member's records, one cell per column. */
function Table({
  caption,
  head,
  rows,
  empty,
}: {
  caption: string;
  head: string[];
  rows: ReactNode[][];
  empty: string;
}) {
  return (
    <ListTable caption={caption} head={head} empty={empty} count={rows.length}>
      {rows.map((row, index) => (
        // Rows of a read-only list that only changes as a whole; short values (times, yes or no, a purpose), hence keep-words.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <tr key={index}>
          {row.map((cell, column) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: cells of a fixed row
            <td key={column} className="keep-words">
              {cell}
            </td>
          ))}
        </tr>
      ))}
    </ListTable>
  );
}

function MemberDetail({ detail }: { detail: ConsoleMemberDetail }) {
  const { t } = useTranslation();
  const { member, login, blocked, sms, sessions, consents, coins } = detail;
  const yes = (value: boolean) => (value ? t("app.yes") : t("app.no"));
  // A code the console has no name for yet (a newer server) shows as itself.
  const named = (group: "purposes" | "channels" | "sources" | "voucherStatuses", code: string) =>
    textIn(t, `member.${group}`, code, { defaultValue: code });
  return (
    <div className="cards">
      <Card title={t("member.profile")}>
        <Facts
          rows={[
            [t("member.mobile"), `+${member.mobile_phone_prefix} ${member.mobile_phone}`],
            [t("member.memberNo"), member.member_no],
            [t("member.email"), member.email],
            [t("member.hcoinsNo"), member.hcoins_memberno],
            [t("member.birthdayMonth"), member.birthday_month],
            [t("member.district"), placeName(member.region, member.district)],
            [t("member.createdAt"), formatTime(member.created_at)],
            [t("member.hasPassword"), yes(member.has_password)],
          ]}
        />
      </Card>
      <Card title={t("member.login")}>
        <Facts
          rows={[
            [t("member.locked"), yes(login.locked)],
            [t("member.failures"), formatNumber(login.failures)],
            [
              t("member.retryAfter"),
              login.retry_after_seconds === null
                ? null
                : t("member.seconds", { count: login.retry_after_seconds }),
            ],
            [
              t("member.blocked"),
              blocked.blocked
                ? `${t("app.yes")}${blocked.reason ? ` (${blocked.reason})` : ""}`
                : t("app.no"),
            ],
          ]}
        />
      </Card>
      <Card title={t("member.sms")}>
        <Table
          caption={t("member.sms")}
          head={[t("member.sentAt"), t("member.purpose"), t("member.delivered")]}
          rows={sms.map((item) => [
            formatTime(item.sent_at),
            named("purposes", item.purpose),
            yes(item.delivered),
          ])}
          empty={t("member.noSms")}
        />
      </Card>
      <Card title={t("member.sessions")}>
        <Table
          caption={t("member.sessions")}
          head={[t("member.createdAt"), t("member.expiresAt"), t("member.revokedAt")]}
          rows={sessions.map((item) => [
            formatTime(item.created_at),
            formatTime(item.expires_at),
            item.revoked_at ? formatTime(item.revoked_at) : "—",
          ])}
          empty={t("member.noSessions")}
        />
      </Card>
      <Card title={t("member.consents")}>
        <Table
          caption={t("member.consents")}
          head={[t("member.createdAt"), t("member.channel"), t("member.optedIn"), t("member.source")]}
          rows={consents.map((item) => [
            formatTime(item.created_at),
            named("channels", item.channel),
            yes(item.opted_in),
            named("sources", item.source),
          ])}
          empty={t("member.noConsents")}
        />
      </Card>
      <Card title={t("member.coins")} wide>
        {coins ? (
          <>
            <Facts
              rows={[
                [t("member.hcoinsNo"), coins.hcoins_memberno],
                [t("member.balance"), formatNumber(coins.balance)],
              ]}
            />
            <MemberTier memberId={member.id} />
            <MemberLedger memberId={member.id} />
            <h3>{t("member.vouchers")}</h3>
            <Table
              caption={t("member.vouchers")}
              head={[
                t("member.voucherCode"),
                t("member.voucherTitle"),
                t("member.voucherStatus"),
                t("member.validUntil"),
              ]}
              rows={coins.vouchers.map((item) => [
                maskedCode(item.code_last_four),
                item.title_en,
                named("voucherStatuses", item.status),
                formatTime(item.valid_until),
              ])}
              empty={t("member.noVouchers")}
            />
          </>
        ) : (
          <p>{t("member.noCoins")}</p>
        )}
      </Card>
    </div>
  );
}

/** The region's and district's names in the console's language (the code where one is unknown). */
function placeName(regionCode: string | null, districtCode: string | null): string | null {
  if (!regionCode) return null;
  const language = currentLanguage();
  const region = findRegion(regionCode);
  const district = region?.districts.find((each) => each.code === districtCode);
  const names = [
    region?.name[language] ?? regionCode,
    districtCode ? (district?.name[language] ?? districtCode) : null,
  ];
  return names.filter(Boolean).join(" / ");
}
