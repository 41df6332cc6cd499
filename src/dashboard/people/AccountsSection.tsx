// The accounts tab: search, the server-paged list, and per account a menu of actions
// (roles, disable/enable, reset link, MFA reset), plus "create" and "import".
import { useState } from "react";
import { Menu, MenuItem, MenuTrigger, Popover, SearchField, Input, Label } from "react-aria-components";
import { showToast } from "../../lib/auth/toast.ts";
import { formatDateTime } from "../../lib/format.ts";
import { localizedPath } from "../../lib/locales.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { TextArea } from "../ui/TextArea.tsx";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";
import { cx, focusRing, inputBox, labelText, listItem, popover } from "../ui/styles.ts";
import CreateAccountDialog from "./CreateAccountDialog.tsx";
import ImportStudentsDialog from "./ImportStudentsDialog.tsx";
import { listAccounts, resetMfa, ROLES, sendPasswordReset, setDisabled, setRole, type Account, type Role } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { isRefusal, useRefusalText } from "./refusal.ts";
import { invalidatePeople, usePeopleQuery } from "../query.ts";

type Pending = { kind: "disable" | "resetMfa"; account: Account } | null;

export default function AccountsSection() {
  const m = useMessages(peopleMessages);
  const locale = useLocale();
  const refusal = useRefusalText();
  const [search, setSearch] = useState("");
  const [applied, setApplied] = useState("");
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery());
  const [dialog, setDialog] = useState<"create" | "import" | null>(null);
  const [confirm, setConfirm] = useState<Pending>(null);
  const [reason, setReason] = useState("");
  const accounts = usePeopleQuery(["accounts", query.page, query.pageSize, applied], () =>
    listAccounts(getSupabase(), { page: query.page, perPage: query.pageSize, search: applied }),
  );

  const run = async (action: () => Promise<unknown>, done: string) => {
    try {
      await action();
      showToast({ title: done, variant: "success" });
      invalidatePeople();
    } catch (error) {
      showToast({ title: refusal(error), variant: "destructive" }, 8000);
    }
  };
  const siteUrl = (path: string) => `${location.origin}${localizedPath(locale, path)}`;

  const onAction = (account: Account, key: string) => {
    const name = account.full_name || account.email || account.phone || "";
    const [verb, role] = key.split(":") as [string, Role | undefined];
    if (verb === "grant" || verb === "revoke") {
      const roleName = m.roles[role!];
      void run(() => setRole(getSupabase(), account.id, role!, verb === "grant"), fill(verb === "grant" ? m.users.done.granted : m.users.done.revoked, { role: roleName, name }));
    } else if (verb === "disable" || verb === "resetMfa") {
      setReason("");
      setConfirm({ kind: verb, account });
    } else if (verb === "enable") {
      void run(() => setDisabled(getSupabase(), account.id, false), fill(m.users.done.enabled, { name }));
    } else if (verb === "reset") {
      void run(() => sendPasswordReset(getSupabase(), account.id, siteUrl("/reset-password")), fill(m.users.done.reset, { name }));
    }
  };

  const columns: DataColumn<Account>[] = [
    {
      id: "name",
      header: m.users.columns.name,
      csv: (a) => a.full_name,
      cell: (a) => (
        <span className="font-medium">
          {a.full_name || "—"}
          {a.mfa && (
            <Badge tone="info" className="ml-2">
              <abbr title={m.users.mfaOnLabel}>{m.users.mfaOn}</abbr>
            </Badge>
          )}
        </span>
      ),
    },
    { id: "contact", header: m.users.columns.contact, cell: (a) => <span className="break-all">{a.email || a.phone || "—"}</span> },
    {
      id: "roles",
      header: m.users.columns.roles,
      csv: (a) => a.roles.join(" "),
      cell: (a) => (a.roles.length ? a.roles.map((r) => m.roles[r]).join(", ") : <span className="text-gray-700">{m.users.noRole}</span>),
    },
    {
      id: "status",
      header: m.users.columns.status,
      cell: (a) =>
        a.disabled ? <Badge tone="danger">{m.users.status.disabled}</Badge> : a.invited ? <Badge tone="warning">{m.users.status.invited}</Badge> : <Badge tone="success">{m.users.status.active}</Badge>,
    },
    { id: "last", header: m.users.columns.lastSignIn, cell: (a) => (a.last_sign_in_at ? formatDateTime(locale, a.last_sign_in_at) : m.users.never) },
    {
      id: "actions",
      header: m.users.columns.actions,
      cell: (a) => <AccountMenu account={a} onAction={(key) => onAction(a, key)} />,
    },
  ];

  const name = confirm ? confirm.account.full_name || confirm.account.email || "" : "";
  return (
    <section aria-labelledby="accounts-heading">
      <h2 id="accounts-heading" className="sr-only">
        {m.users.tabs.accounts}
      </h2>
      <div className="mb-4 flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
        <form
          role="search"
          className="flex w-full max-w-md items-end gap-2"
          onSubmit={(event) => {
            event.preventDefault();
            setQuery({ ...query, page: 1 });
            setApplied(search.trim());
          }}
        >
          <SearchField value={search} onChange={setSearch} onClear={() => {
              setApplied("");
              setQuery({ ...query, page: 1 });
            }} className="flex flex-1 flex-col gap-1">
            <Label className={labelText}>{m.users.searchLabel}</Label>
            <Input placeholder={m.users.searchPlaceholder} className={inputBox} />
          </SearchField>
          <Button type="submit" variant="secondary">
            {m.search}
          </Button>
        </form>
        <div className="flex flex-wrap gap-2">
          <Button onPress={() => setDialog("create")}>{m.users.create}</Button>
          <Button variant="secondary" onPress={() => setDialog("import")}>
            {m.users.importButton}
          </Button>
        </div>
      </div>

      {isRefusal(accounts.error) && (
        <p role="alert" className="mb-3 rounded-lg border border-amber-400 bg-amber-50 p-3 text-amber-950">
          {refusal(accounts.error)}
        </p>
      )}
      <DataTable
        caption={m.users.tabs.accounts}
        captionHidden
        columns={columns}
        rows={accounts.data?.rows ?? []}
        total={accounts.data?.total ?? 0}
        query={query}
        onQueryChange={setQuery}
        loading={accounts.loading}
        error={accounts.error}
        onRetry={accounts.retry}
        getRowId={(a) => a.id}
        empty={<EmptyState headingLevel={3} title={m.users.empty} action={<Button onPress={() => setDialog("create")}>{m.users.create}</Button>} />}
      />

      <CreateAccountDialog isOpen={dialog === "create"} onOpenChange={(open) => setDialog(open ? "create" : null)} />
      <ImportStudentsDialog isOpen={dialog === "import"} onOpenChange={(open) => setDialog(open ? "import" : null)} />
      <ConfirmDialog
        title={confirm?.kind === "resetMfa" ? m.users.confirm.resetMfaTitle : m.users.confirm.disableTitle}
        confirmLabel={m.users.confirm.confirm}
        isOpen={confirm !== null}
        onOpenChange={(open) => !open && setConfirm(null)}
        onConfirm={async () => {
          if (!confirm) return;
          // Checked by the function too; said here before the request.
          if (confirm.kind === "resetMfa" && reason.trim().length < 10) throw new Error(m.users.confirm.reasonRequired);
          try {
            if (confirm.kind === "disable") await setDisabled(getSupabase(), confirm.account.id, true);
            else await resetMfa(getSupabase(), confirm.account.id, reason.trim());
          } catch (error) {
            throw new Error(refusal(error));
          }
          showToast({ title: fill(confirm.kind === "disable" ? m.users.done.disabled : m.users.done.resetMfa, { name }), variant: "success" });
          invalidatePeople();
        }}
      >
        <p>{fill(confirm?.kind === "resetMfa" ? m.users.confirm.resetMfaBody : m.users.confirm.disableBody, { name })}</p>
        {confirm?.kind === "resetMfa" && (
          <TextArea
            className="mt-4"
            label={m.users.confirm.reasonLabel}
            description={m.users.confirm.reasonHelp}
            value={reason}
            onChange={setReason}
            rows={3}
            maxLength={500}
          />
        )}
      </ConfirmDialog>
    </section>
  );
}

function AccountMenu({ account, onAction }: { account: Account; onAction: (key: string) => void }) {
  const m = useMessages(peopleMessages);
  const name = account.full_name || account.email || account.phone || "";
  const items: { id: string; label: string }[] = [
    ...ROLES.map((role) =>
      account.roles.includes(role)
        ? { id: `revoke:${role}`, label: fill(m.users.actions.revoke, { role: m.roles[role] }) }
        : { id: `grant:${role}`, label: fill(m.users.actions.grant, { role: m.roles[role] }) },
    ),
    account.disabled ? { id: "enable", label: m.users.actions.enable } : { id: "disable", label: m.users.actions.disable },
    ...(account.email ? [{ id: "reset", label: m.users.actions.reset }] : []),
    ...(account.mfa ? [{ id: "resetMfa", label: m.users.actions.resetMfa }] : []),
  ];
  return (
    <MenuTrigger>
      <Button variant="ghost" size="sm" aria-label={fill(m.users.actionsFor, { name })}>
        <span aria-hidden="true">⋯</span>
      </Button>
      <Popover placement="bottom end" className={popover}>
        <Menu className="outline-none" onAction={(key) => onAction(String(key))} items={items}>
          {(item) => (
            <MenuItem id={item.id} className={cx(listItem, "cursor-pointer", focusRing)}>
              {item.label}
            </MenuItem>
          )}
        </Menu>
      </Popover>
    </MenuTrigger>
  );
}
