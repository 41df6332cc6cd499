// The accounts tab: search, the server-paged list, and per account a menu of actions
// (roles, disable/enable, reset link, MFA reset), plus "create" and "import".
import { lazy, Suspense, useId, useState } from "react";
import { showToast } from "../../lib/auth/toast.ts";
import { formatDateTime } from "../../lib/format.ts";
import { localizedPath } from "../../lib/locales.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Badge } from "../ui/Badge.tsx";
import { Button } from "../ui/Button.tsx";
import { DataTable, type DataColumn } from "../ui/DataTable.tsx";
import { DialogLoading } from "../ui/DialogLoading.tsx";
import { EmptyState } from "../ui/EmptyState.tsx";
import { Menu } from "../ui/Menu.tsx";
import { defaultQuery, type TableQuery } from "../ui/table-query.ts";
import { cx, inputBox, labelText } from "../ui/styles.ts";
import type { Pending } from "./AccountConfirmDialog.tsx";
import { listAccounts, ROLES, sendPasswordReset, setDisabled, setRole, type Account, type Role } from "./data.ts";
import { peopleMessages } from "./messages.ts";
import { isRefusal, useRefusalText } from "./refusal.ts";
import { invalidatePeople, usePeopleQuery } from "../ui/query.ts";

// The two forms (react-hook-form, the CSV import) load with their dialog, on the first click
// that opens it, and stay mounted afterwards so what was typed survives closing it.
const CreateAccountDialog = lazy(() => import("./CreateAccountDialog.tsx"));
const ImportStudentsDialog = lazy(() => import("./ImportStudentsDialog.tsx"));
// Disabling an account or resetting its second factor: confirmed (with a reason) in a dialog
// loaded on the menu's choice.
const AccountConfirmDialog = lazy(() => import("./AccountConfirmDialog.tsx"));

export default function AccountsSection() {
  const m = useMessages(peopleMessages);
  const locale = useLocale();
  const refusal = useRefusalText();
  const searchId = useId();
  const [search, setSearch] = useState("");
  const [applied, setApplied] = useState("");
  const [query, setQuery] = useState<TableQuery>(() => defaultQuery());
  const [dialog, setDialogState] = useState<"create" | "import" | null>(null);
  const [opened, setOpened] = useState({ create: false, import: false });
  const setDialog = (next: "create" | "import" | null) => {
    if (next) setOpened((was) => (was[next] ? was : { ...was, [next]: true }));
    setDialogState(next);
  };
  const [confirm, setConfirm] = useState<Pending | null>(null);
  const accounts = usePeopleQuery(["accounts", query.page, query.pageSize, applied], () => listAccounts(getSupabase(), { page: query.page, perPage: query.pageSize, search: applied }));

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
        a.disabled ? (
          <Badge tone="danger">{m.users.status.disabled}</Badge>
        ) : a.invited ? (
          <Badge tone="warning">{m.users.status.invited}</Badge>
        ) : (
          <Badge tone="success">{m.users.status.active}</Badge>
        ),
    },
    { id: "last", header: m.users.columns.lastSignIn, cell: (a) => (a.last_sign_in_at ? formatDateTime(locale, a.last_sign_in_at) : m.users.never) },
    {
      id: "actions",
      header: m.users.columns.actions,
      cell: (a) => <AccountMenu account={a} onAction={(key) => onAction(a, key)} />,
    },
  ];

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
          <div className="flex flex-1 flex-col gap-1">
            <label htmlFor={searchId} className={labelText}>
              {m.users.searchLabel}
            </label>
            {/* The browser's search field: Escape or its clear button empties it, which shows every account again. */}
            <input
              id={searchId}
              type="search"
              value={search}
              placeholder={m.users.searchPlaceholder}
              className={cx(inputBox, "min-h-11")}
              onChange={(event) => {
                setSearch(event.target.value);
                if (!event.target.value && applied) {
                  setApplied("");
                  setQuery({ ...query, page: 1 });
                }
              }}
            />
          </div>
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

      <Suspense fallback={dialog && <DialogLoading />}>
        {opened.create && <CreateAccountDialog isOpen={dialog === "create"} onOpenChange={(open) => setDialog(open ? "create" : null)} />}
        {opened.import && <ImportStudentsDialog isOpen={dialog === "import"} onOpenChange={(open) => setDialog(open ? "import" : null)} />}
      </Suspense>
      {confirm && (
        <Suspense fallback={<DialogLoading />}>
          <AccountConfirmDialog pending={confirm} onClose={() => setConfirm(null)} />
        </Suspense>
      )}
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
  return <Menu trigger={<span aria-hidden="true">⋯</span>} label={fill(m.users.actionsFor, { name })} items={items} onAction={onAction} size="sm" placement="bottom end" />;
}
