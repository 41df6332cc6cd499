// One fee schedule in admin/financial-management: its fees and late rule, its instalments
// (added with a due date, removed), assigning it to the registered students, and each
// bill's discount with its reason.
import { useCallback, useEffect, useState } from "react";
import { formatDate, formatXaf } from "../../lib/format.ts";
import { countOf } from "../../lib/plural.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useLocale, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Checkbox } from "../ui/Checkbox.tsx";
import { DatePicker } from "../ui/DatePicker.tsx";
import { Skeleton } from "../ui/Skeleton.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { addInstalment, assignSchedule, fetchScheduleDetail, removeInstalment, saveSchedule, setDiscount, type Bill, type Instalment, type Schedule } from "./config-data.ts";
import { configMessages } from "./config-messages.ts";

const whole = (value: string) => (/^\d{1,9}$/.test(value.replace(/\s/g, "")) ? Number(value.replace(/\s/g, "")) : NaN);

export default function ScheduleEditor({ schedule, onSaved }: { schedule: Schedule; onSaved: () => void }) {
  const m = useMessages(configMessages);
  const locale = useLocale();
  const [form, setForm] = useState({
    label_fr: schedule.label_fr,
    label_en: schedule.label_en,
    registration_fee_xaf: String(schedule.registration_fee_xaf),
    tuition_xaf: String(schedule.tuition_xaf),
    late_penalty_xaf: String(schedule.late_penalty_xaf),
    late_grace_days: String(schedule.late_grace_days),
  });
  const [published, setPublished] = useState(schedule.published);
  const [detail, setDetail] = useState<{ instalments: Instalment[]; bills: Bill[] } | null>(null);
  const [notice, setNotice] = useState("");
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [line, setLine] = useState({ label_fr: "", label_en: "", amount: "", due_on: null as string | null });

  const reload = useCallback(async () => {
    try {
      setDetail(await fetchScheduleDetail(getSupabase(), schedule.id));
    } catch (failure) {
      toastError(failure);
    }
  }, [schedule.id]);
  useEffect(() => void reload(), [reload]);

  async function run(action: () => Promise<string>) {
    setBusy(true);
    try {
      setNotice(await action());
      await reload();
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  }

  function save(event: { preventDefault(): void }) {
    event.preventDefault();
    const values = {
      registration_fee_xaf: whole(form.registration_fee_xaf),
      tuition_xaf: whole(form.tuition_xaf),
      late_penalty_xaf: whole(form.late_penalty_xaf),
      late_grace_days: whole(form.late_grace_days),
    };
    const bad =
      Object.values(values).some((v) => Number.isNaN(v)) || values.late_grace_days > 90 || !form.label_fr.trim() || !form.label_en.trim() || form.label_fr.length > 200 || form.label_en.length > 200;
    setInvalid(bad);
    if (bad) return;
    void run(async () => {
      await saveSchedule(getSupabase(), schedule.id, { label_fr: form.label_fr.trim(), label_en: form.label_en.trim(), ...values, published });
      onSaved();
      return m.saved;
    });
  }

  function add(event: { preventDefault(): void }) {
    event.preventDefault();
    const amount = whole(line.amount);
    if (!line.label_fr.trim() || !line.label_en.trim() || Number.isNaN(amount) || amount <= 0 || !line.due_on) return setInvalid(true);
    setInvalid(false);
    const position = Math.max(0, ...(detail?.instalments ?? []).map((i) => i.position)) + 1;
    void run(async () => {
      await addInstalment(getSupabase(), schedule.id, { position, label_fr: line.label_fr.trim(), label_en: line.label_en.trim(), amount_xaf: amount, due_on: line.due_on! });
      setLine({ label_fr: "", label_en: "", amount: "", due_on: null });
      return m.added;
    });
  }

  const sum = (detail?.instalments ?? []).reduce((total, i) => total + i.amount_xaf, 0);
  const tuition = whole(form.tuition_xaf);

  return (
    <div className="flex flex-col gap-6">
      {notice && (
        <p role="status" className="rounded-lg border border-green-300 bg-green-50 p-3 text-green-900">
          {notice}
        </p>
      )}
      {invalid && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {m.invalid}
        </p>
      )}
      <Card title={locale === "en" ? schedule.label_en : schedule.label_fr}>
        <form onSubmit={save} noValidate className="grid gap-4 sm:grid-cols-2">
          <TextField label={m.labelFr} value={form.label_fr} onChange={(v) => setForm({ ...form, label_fr: v })} maxLength={200} isRequired />
          <TextField label={m.labelEn} value={form.label_en} onChange={(v) => setForm({ ...form, label_en: v })} maxLength={200} isRequired />
          <TextField label={m.registration} inputMode="numeric" value={form.registration_fee_xaf} onChange={(v) => setForm({ ...form, registration_fee_xaf: v })} />
          <TextField label={m.tuition} inputMode="numeric" value={form.tuition_xaf} onChange={(v) => setForm({ ...form, tuition_xaf: v })} />
          <TextField label={m.penalty} inputMode="numeric" value={form.late_penalty_xaf} onChange={(v) => setForm({ ...form, late_penalty_xaf: v })} />
          <TextField label={m.grace} inputMode="numeric" value={form.late_grace_days} onChange={(v) => setForm({ ...form, late_grace_days: v })} />
          <Checkbox className="sm:col-span-2" label={m.published} description={m.publishedHelp} value={published} onChange={setPublished} />
          <div className="sm:col-span-2">
            <Button type="submit" isPending={busy}>
              {m.save}
            </Button>
          </div>
        </form>
      </Card>

      <Card title={m.instalments}>
        {!detail ? (
          <Skeleton label={m.loading} />
        ) : (
          <>
            {!Number.isNaN(tuition) && sum !== tuition && <p className="mb-3 text-sm text-amber-900">{fill(m.sumWarning, { sum: formatXaf(locale, sum), tuition: formatXaf(locale, tuition) })}</p>}
            <table className="w-full text-left text-sm">
              <thead>
                <tr>
                  <th scope="col" className="py-1 pr-2">
                    {m.position}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    {m.label}
                  </th>
                  <th scope="col" className="py-1 pr-2 text-right">
                    {m.amount}
                  </th>
                  <th scope="col" className="py-1 pr-2">
                    {m.dueOn}
                  </th>
                  <th scope="col" className="py-1">
                    <span className="sr-only">{m.remove}</span>
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-gray-100">
                {detail.instalments.map((i) => (
                  <tr key={i.id}>
                    <td className="py-1 pr-2">{i.position}</td>
                    <th scope="row" className="py-1 pr-2 font-normal">
                      {locale === "en" ? i.label_en : i.label_fr}
                    </th>
                    <td className="py-1 pr-2 text-right tabular-nums">{formatXaf(locale, i.amount_xaf)}</td>
                    <td className="py-1 pr-2">{formatDate(locale, `${i.due_on}T12:00:00Z`)}</td>
                    <td className="py-1">
                      <Button
                        size="sm"
                        variant="ghost"
                        aria-label={fill(m.remove, { n: i.position })}
                        onPress={() =>
                          void run(async () => {
                            await removeInstalment(getSupabase(), i.id);
                            return "";
                          })
                        }
                      >
                        ✕
                      </Button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            <form onSubmit={add} noValidate className="mt-4 grid gap-3 sm:grid-cols-2" aria-label={m.addTitle}>
              <TextField label={`${m.label} (fr)`} value={line.label_fr} onChange={(v) => setLine({ ...line, label_fr: v })} maxLength={200} />
              <TextField label={`${m.label} (en)`} value={line.label_en} onChange={(v) => setLine({ ...line, label_en: v })} maxLength={200} />
              <TextField label={m.amount} inputMode="numeric" value={line.amount} onChange={(v) => setLine({ ...line, amount: v })} />
              <DatePicker label={m.dueOn} value={line.due_on} onChange={(v) => setLine({ ...line, due_on: v })} />
              <div className="sm:col-span-2">
                <Button type="submit" variant="secondary" isPending={busy}>
                  {m.add}
                </Button>
              </div>
            </form>
          </>
        )}
      </Card>

      <Card title={m.assignTitle} description={m.assignHelp}>
        <Button isPending={busy} onPress={() => void run(async () => countOf(locale, m.assigned, await assignSchedule(getSupabase(), schedule.id)))}>
          {m.assign}
        </Button>
      </Card>

      <Card title={fill(m.bills, { count: detail?.bills.length ?? 0 })}>
        {!detail ? (
          <Skeleton label={m.loading} />
        ) : !detail.bills.length ? (
          <p className="text-sm text-gray-700">{m.noBill}</p>
        ) : (
          <ul className="max-h-[32rem] divide-y divide-gray-100 overflow-y-auto">
            {detail.bills.map((bill) => (
              <DiscountRow
                key={bill.id}
                bill={bill}
                onSaved={(text) => {
                  setNotice(text);
                  void reload();
                }}
              />
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function DiscountRow({ bill, onSaved }: { bill: Bill; onSaved: (notice: string) => void }) {
  const m = useMessages(configMessages);
  const [amount, setAmount] = useState(String(bill.discount_xaf));
  const [reason, setReason] = useState(bill.discount_reason ?? "");
  const [busy, setBusy] = useState(false);
  const name = bill.profiles?.full_name ?? bill.student_id;
  async function apply(event: { preventDefault(): void }) {
    event.preventDefault();
    const value = whole(amount);
    setBusy(true);
    try {
      await setDiscount(getSupabase(), bill.id, Number.isNaN(value) ? -1 : value, reason);
      onSaved(m.discountSaved);
    } catch (failure) {
      toastError(failure);
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="py-2">
      <form onSubmit={apply} noValidate className="flex flex-wrap items-end gap-2" aria-label={name}>
        <span className="min-w-40 flex-1 font-medium text-gray-900">{name}</span>
        <TextField label={m.discount} inputMode="numeric" value={amount} onChange={setAmount} className="w-36" />
        <TextField label={m.reason} value={reason} onChange={setReason} maxLength={300} className="w-56" />
        <Button type="submit" size="sm" variant="secondary" isPending={busy}>
          {m.apply}
        </Button>
      </form>
    </li>
  );
}
