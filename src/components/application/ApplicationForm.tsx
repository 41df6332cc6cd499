// The public application form (issue 13): no account needed beforehand — the first step
// creates one — then identity, contacts, background, choice, documents, consent, review
// and submit. The draft is saved in the database after every step, so closing the tab
// loses nothing: coming back (signed in on this device, or after signing in) resumes at
// the step reached. Field errors in the page's language; the database checks again.
import { useEffect, useRef, useState, type SubmitEvent } from "react";
import { formatDate } from "../../lib/format.ts";
import { localizedPath, type Locale } from "../../lib/locales.ts";
import { hrefTo } from "../../dashboard/paths.ts";
import {
  INTERNATIONAL_DOCUMENTS,
  REQUIRED_DOCUMENTS,
  DOCUMENT_ACCEPT,
  accountSchema,
  backgroundStepSchema,
  choiceStepSchema,
  contactsStepSchema,
  fileProblem,
  identityStepSchema,
  stepErrors,
  todayInDouala,
  type DocumentKind,
  type StepErrors,
} from "../../lib/admissions/rules.ts";
import {
  SaveError,
  createDraft,
  currentUser,
  findDraft,
  hasSubmitted,
  listDocuments,
  loadTargets,
  removeDocument,
  saveDraft,
  signUp,
  resendCode,
  submitDraft,
  targetFields,
  targetOf,
  uploadDocument,
  verifyCode,
  type ApplicationKind,
  type Draft,
  type StoredDocument,
  type Target,
} from "./data.ts";
import { applicationMessages, NATIONALITIES } from "./messages.ts";
import { explain as explainAuth, type ShownError } from "../../islands/auth/errors.ts";
import { createTranslate, type Messages } from "../../lib/translate.ts";
import { Alert, SelectInput, Status, TextAreaInput, TextInput, primaryButton, secondaryButton } from "./Fields.tsx";

const STEPS = ["identity", "contacts", "background", "choice", "documents", "consent", "review"] as const;
type Step = (typeof STEPS)[number];
type Stage = "loading" | "account" | "code" | "submitted-already" | "done" | Step;

interface Props {
  locale: Locale;
  /** The school's form (null: /application, any school). */
  kind: ApplicationKind | null;
  /** The programme, formation or extension programme preselected (its slug). */
  target?: string;
  /** The auth service's answers and the resend action, from the shared catalogue (auth.*). */
  authMessages: Messages;
}

type Values = Record<string, string>;
/** Every field starts empty, so an empty step gets "required" rather than a type error. */
const BLANK: Values = Object.fromEntries(
  [
    "firstName",
    "lastName",
    "birthDate",
    "birthPlace",
    "nationality",
    "idNumber",
    "email",
    "phone",
    "city",
    "address",
    "lastDiploma",
    "diplomaYear",
    "institution",
    "marks",
    "targetId",
    "studyMode",
    "motivation",
  ].map((k) => [k, ""]),
);
const str = (value: unknown) => (typeof value === "string" ? value : "");

/** The form's values from a saved draft. */
function valuesOf(draft: Draft): Values {
  const d = draft.details as Record<string, Record<string, unknown> | undefined>;
  return {
    firstName: str(d.identity?.firstName),
    lastName: str(d.identity?.lastName),
    birthDate: draft.birth_date ?? "",
    birthPlace: str(d.identity?.birthPlace),
    nationality: draft.country || "CM",
    idNumber: str(d.identity?.idNumber),
    email: draft.email,
    phone: draft.phone ?? "",
    city: draft.city ?? "",
    address: str(d.contacts?.address),
    lastDiploma: str(d.background?.lastDiploma),
    diplomaYear: str(d.background?.diplomaYear),
    institution: str(d.background?.institution),
    marks: str(d.background?.marks),
    targetId: targetOf(draft) ?? "",
    levelCode: draft.level_code ?? "",
    studyMode: draft.study_mode ?? "online",
    motivation: draft.motivation,
  };
}

export default function ApplicationForm({ locale, kind: formKind, target, authMessages }: Props) {
  const m = applicationMessages[locale];
  const tAuth = createTranslate(authMessages, locale);
  const [stage, setStage] = useState<Stage>("loading");
  const [kind, setKind] = useState<ApplicationKind>(formKind ?? "general");
  const [user, setUser] = useState<{ id: string; email: string | null } | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [values, setValues] = useState<Values>({ nationality: "CM", studyMode: "online" });
  const [targets, setTargets] = useState<Target[]>([]);
  const [documents, setDocuments] = useState<StoredDocument[]>([]);
  const [errors, setErrors] = useState<StepErrors>({});
  // A string, or the auth service's answer with its items (a weak password's reasons).
  const [formError, setFormError] = useState<string | ShownError | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState<DocumentKind | null>(null);
  const [consent, setConsent] = useState(false);
  const [account, setAccount] = useState<Values>({});
  const heading = useRef<HTMLHeadingElement>(null);
  const preselected = target ?? (typeof window !== "undefined" ? (new URLSearchParams(window.location.search).get("programme") ?? undefined) : undefined);

  const set = (name: string) => (value: string) => setValues((v) => ({ ...v, [name]: value }));
  const err = (name: string) => (errors[name] ? ((m.errors as Record<string, string>)[errors[name]] ?? errors[name]) : undefined);

  function explain(thrown: unknown): string {
    if (thrown instanceof SaveError) {
      if (thrown.code === "23505" || /duplicate/.test(thrown.message)) return m.errors.duplicate;
      if (/incomplete/.test(thrown.message)) return `${m.errors.incomplete} (${thrown.message.split(": ").pop()})`;
      if (/birth date/.test(thrown.message)) return m.errors.birthDateFuture;
      if (/no longer offered/.test(thrown.message)) return m.errors.programmeClosed;
      if (thrown.code === "fileType") return m.errors.fileType;
      if (/otp|token|expired|invalid/i.test(thrown.message)) return m.errors.codeInvalid;
      return m.errors.server;
    }
    return m.errors.network;
  }

  // Who is here, and where they stopped.
  async function resume() {
    setFormError(null);
    try {
      const me = await currentUser();
      if (!me) return setStage("account");
      setUser(me);
      const list = await loadTargets(kind, locale);
      setTargets(list);
      const chosen = preselected ? list.find((t) => t.slug === preselected) : undefined;
      const found = await findDraft(formKind, chosen?.id ?? null);
      if (found) {
        setDraft(found);
        if (found.kind !== kind) {
          setKind(found.kind);
          setTargets(await loadTargets(found.kind, locale));
        }
        const saved = valuesOf(found);
        if (!saved.targetId && chosen) saved.targetId = chosen.id;
        setValues(saved);
        setConsent(Boolean(found.consent_at));
        setDocuments(await listDocuments(found.id));
        const step = STEPS.includes(found.details.step as Step) ? (found.details.step as Step) : "identity";
        if (step !== "identity") setNotice(m.resume);
        return setStage(step);
      }
      if (chosen && (await hasSubmitted(kind, chosen.id))) return setStage("submitted-already");
      setValues((v) => ({ ...v, email: me.email ?? "", targetId: chosen?.id ?? "" }));
      setStage("identity");
    } catch (thrown) {
      setFormError(explain(thrown));
      setStage("account");
    }
  }

  useEffect(() => {
    void resume();
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    if (stage !== "loading") heading.current?.focus();
  }, [stage]);

  async function changeKind(next: ApplicationKind) {
    setKind(next);
    setValues((v) => ({ ...v, targetId: "", levelCode: "" }));
    try {
      setTargets(await loadTargets(next, locale));
    } catch (thrown) {
      setFormError(explain(thrown));
    }
  }

  // ---- account --------------------------------------------------------------------------
  async function onCreateAccount(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = accountSchema.safeParse({ fullName: "", email: "", password: "", passwordConfirm: "", ...account });
    if (!parsed.success) return setErrors(stepErrors(parsed.error));
    setErrors({});
    setBusy(true);
    setFormError(null);
    try {
      const signedIn = await signUp(parsed.data.fullName, parsed.data.email, parsed.data.password, locale, window.location.href);
      if (signedIn) return void (await resume());
      setStage("code");
    } catch (thrown) {
      setFormError(explainAuth(tAuth, thrown));
    } finally {
      setBusy(false);
    }
  }

  async function onVerify(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!/^\d{6}$/.test((account.code ?? "").trim())) return setErrors({ code: "codeInvalid" });
    setErrors({});
    setBusy(true);
    setFormError(null);
    try {
      await verifyCode(account.email.trim(), account.code.trim());
      await resume();
    } catch (thrown) {
      setFormError(explainAuth(tAuth, thrown));
    } finally {
      setBusy(false);
    }
  }

  // The code expired or never came: a new one (asked too soon, the answer says how long to wait).
  async function onResendCode() {
    setBusy(true);
    setFormError(null);
    setNotice(null);
    try {
      await resendCode(account.email.trim(), window.location.href);
      setNotice(tAuth("auth.notices.codeResent"));
    } catch (thrown) {
      setFormError(explainAuth(tAuth, thrown));
    } finally {
      setBusy(false);
    }
  }

  // ---- saving a step ----------------------------------------------------------------------
  function nextOf(step: Step): Step {
    return STEPS[Math.min(STEPS.indexOf(step) + 1, STEPS.length - 1)];
  }

  async function save(step: Step, fields: Partial<Draft>, detailKey?: string, detail?: Record<string, unknown>) {
    setBusy(true);
    setFormError(null);
    setNotice(null);
    try {
      const next = nextOf(step);
      const details = { ...(draft?.details ?? {}), ...(detailKey ? { [detailKey]: detail } : {}), step: next };
      const saved = draft
        ? await saveDraft(draft.id, { ...fields, details })
        : await createDraft(kind, {
            full_name: fields.full_name ?? account.fullName ?? "",
            email: user?.email ?? values.email ?? "",
            preferred_locale: locale,
            ...targetFields(kind, values.targetId || null),
            ...fields,
            details,
          } as Partial<Draft>);
      setDraft(saved);
      setNotice(m.saved);
      setStage(next);
    } catch (thrown) {
      setFormError(explain(thrown));
    } finally {
      setBusy(false);
    }
  }

  function validate<T>(schema: { safeParse: (v: unknown) => { success: true; data: T } | { success: false; error: Parameters<typeof stepErrors>[0] } }): T | null {
    const parsed = schema.safeParse({ ...BLANK, ...values });
    if (!parsed.success) {
      setErrors(stepErrors(parsed.error));
      setNotice(null);
      return null;
    }
    setErrors({});
    return parsed.data;
  }

  async function onStep(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    const step = stage as Step;
    if (step === "identity") {
      const v = validate(identityStepSchema);
      if (v)
        await save(step, { full_name: `${v.firstName} ${v.lastName}`, birth_date: v.birthDate, country: v.nationality === "ZZ" ? "ZZ" : v.nationality }, "identity", {
          firstName: v.firstName,
          lastName: v.lastName,
          birthPlace: v.birthPlace,
          idNumber: v.idNumber,
        });
    } else if (step === "contacts") {
      const v = validate(contactsStepSchema);
      if (v) await save(step, { email: v.email, phone: v.phone, city: v.city }, "contacts", { address: v.address });
    } else if (step === "background") {
      const v = validate(backgroundStepSchema);
      if (v) await save(step, {}, "background", v);
    } else if (step === "choice") {
      const v = validate(choiceStepSchema);
      if (!v) return;
      const levels = targets.find((t) => t.id === v.targetId)?.levels ?? [];
      if (kind === "general" && !levels.includes(v.levelCode ?? "")) return setErrors({ levelCode: "required" });
      await save(step, { kind, ...targetFields(kind, v.targetId), level_code: kind === "general" ? (v.levelCode ?? null) : null, study_mode: v.studyMode, motivation: v.motivation });
    } else if (step === "documents") {
      const missing = REQUIRED_DOCUMENTS.filter((k) => !documents.some((d) => d.kind === k));
      if (missing.length) {
        setErrors(Object.fromEntries(missing.map((k) => [`doc-${k}`, "required"])));
        return setFormError(m.documents.missing);
      }
      setErrors({});
      await save(step, {});
    } else if (step === "consent") {
      if (!consent) return setErrors({ consent: "consent" });
      setErrors({});
      await save(step, { consent_at: draft?.consent_at ?? new Date().toISOString() });
    } else if (step === "review" && draft) {
      setBusy(true);
      setFormError(null);
      try {
        setDraft(await submitDraft(draft.id));
        setNotice(null);
        setStage("done");
      } catch (thrown) {
        setFormError(explain(thrown));
      } finally {
        setBusy(false);
      }
    }
  }

  async function onFile(kindOfDoc: DocumentKind, file: File | undefined) {
    if (!file || !draft || !user) return;
    const problem = fileProblem(file);
    if (problem) return setErrors((e) => ({ ...e, [`doc-${kindOfDoc}`]: problem }));
    setErrors((e) => ({ ...e, [`doc-${kindOfDoc}`]: "" }));
    setUploading(kindOfDoc);
    setFormError(null);
    try {
      await uploadDocument(user.id, draft.id, kindOfDoc, file);
      setDocuments(await listDocuments(draft.id));
    } catch (thrown) {
      setFormError(explain(thrown));
    } finally {
      setUploading(null);
    }
  }

  async function onRemove(doc: StoredDocument) {
    if (!draft) return;
    try {
      await removeDocument(doc);
      setDocuments(await listDocuments(draft.id));
    } catch (thrown) {
      setFormError(explain(thrown));
    }
  }

  // ---- rendering ----------------------------------------------------------------------------
  if (stage === "loading")
    return (
      <p role="status" className="text-gray-700">
        {m.loading}
      </p>
    );

  const headingProps = { ref: heading, tabIndex: -1, className: "text-xl font-bold text-brand-900 focus:outline-none" };

  if (stage === "account" || stage === "code") {
    const a = (name: string) => (value: string) => setAccount((v) => ({ ...v, [name]: value }));
    return (
      <section aria-labelledby="application-step-title" className="max-w-xl">
        <h2 id="application-step-title" {...headingProps}>
          {m.steps.account}
        </h2>
        {stage === "account" ? (
          <form noValidate onSubmit={onCreateAccount} className="mt-4 flex flex-col gap-4" aria-busy={busy}>
            <p className="text-gray-700">{m.account.intro}</p>
            <FormErrorAlert error={formError} />
            <TextInput id="account-name" label={m.account.fullName} autoComplete="name" value={account.fullName ?? ""} onChange={a("fullName")} error={err("fullName")} />
            <TextInput id="account-email" label={m.account.email} type="email" autoComplete="email" value={account.email ?? ""} onChange={a("email")} error={err("email")} />
            <TextInput
              id="account-password"
              label={m.account.password}
              type="password"
              autoComplete="new-password"
              hint={m.account.passwordHint}
              value={account.password ?? ""}
              onChange={a("password")}
              error={err("password")}
            />
            <TextInput
              id="account-password-confirm"
              label={m.account.passwordConfirm}
              type="password"
              autoComplete="new-password"
              value={account.passwordConfirm ?? ""}
              onChange={a("passwordConfirm")}
              error={err("passwordConfirm")}
            />
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? m.saving : m.account.create}
            </button>
            <p className="text-sm">
              {m.account.haveAccount}{" "}
              <a
                className="font-medium text-brand-700 underline"
                href={`${localizedPath(locale, "/login")}?redirect=${encodeURIComponent(typeof window !== "undefined" ? window.location.pathname + window.location.search : "")}`}
              >
                {m.account.signIn}
              </a>
            </p>
          </form>
        ) : (
          <form noValidate onSubmit={onVerify} className="mt-4 flex flex-col gap-4" aria-busy={busy}>
            <Status>{m.account.codeIntro(account.email ?? "")}</Status>
            {notice && <Status>{notice}</Status>}
            <FormErrorAlert error={formError} />
            <TextInput id="account-code" label={m.account.code} inputMode="numeric" autoComplete="one-time-code" value={account.code ?? ""} onChange={a("code")} error={err("code")} />
            <button type="submit" className={primaryButton} disabled={busy}>
              {busy ? m.saving : m.account.verify}
            </button>
            <button type="button" className={secondaryButton} disabled={busy} onClick={() => void onResendCode()}>
              {tAuth("auth.actions.resendConfirmation")}
            </button>
          </form>
        )}
      </section>
    );
  }

  if (stage === "submitted-already" || stage === "done") {
    const fee = new Intl.NumberFormat(locale === "en" ? "en-GB" : "fr-FR", { style: "currency", currency: "XAF", maximumFractionDigits: 0 }).format(draft?.fee_xaf ?? 10000);
    return (
      <section aria-labelledby="application-step-title" className="max-w-xl" data-testid="application-done">
        <h2 id="application-step-title" {...headingProps}>
          {stage === "done" ? m.done.title : m.submittedAlready}
        </h2>
        {stage === "done" && <p className="mt-3 text-gray-700">{m.done.body}</p>}
        {stage === "done" && (draft?.fee_xaf ?? 0) > 0 && <p className="mt-3 text-gray-700">{m.done.fee(fee)}</p>}
        <a className={`${primaryButton} mt-6 inline-block`} href={hrefTo(locale, "applications")}>
          {m.done.track}
        </a>
      </section>
    );
  }

  const index = STEPS.indexOf(stage);
  const international = values.nationality !== "CM";
  const documentKinds: DocumentKind[] = [...REQUIRED_DOCUMENTS, ...(international ? INTERNATIONAL_DOCUMENTS : [])];
  const chosenTarget = targets.find((t) => t.id === values.targetId);

  return (
    <div className="grid gap-8 lg:grid-cols-4">
      <nav aria-label={m.stepOf(index + 1, STEPS.length)} className="lg:col-span-1">
        <ol className="flex flex-wrap gap-2 lg:flex-col">
          {STEPS.map((step, i) => (
            <li
              key={step}
              aria-current={i === index ? "step" : undefined}
              className={`rounded-md px-3 py-1 text-sm ${i === index ? "bg-brand-600 font-semibold text-white" : i < index ? "bg-brand-50 text-brand-900" : "bg-gray-100 text-gray-700"}`}
            >
              {i + 1}. {m.steps[step]}
            </li>
          ))}
        </ol>
      </nav>
      <section aria-labelledby="application-step-title" className="lg:col-span-3 max-w-2xl">
        <p className="text-sm text-gray-700">{m.stepOf(index + 1, STEPS.length)}</p>
        <h2 id="application-step-title" {...headingProps}>
          {m.steps[stage]}
        </h2>
        <form noValidate onSubmit={onStep} className="mt-4 flex flex-col gap-4" aria-busy={busy}>
          {notice && <Status>{notice}</Status>}
          <FormErrorAlert error={formError} />

          {stage === "identity" && (
            <>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextInput id="firstName" label={m.identity.firstName} autoComplete="given-name" value={values.firstName ?? ""} onChange={set("firstName")} error={err("firstName")} />
                <TextInput id="lastName" label={m.identity.lastName} autoComplete="family-name" value={values.lastName ?? ""} onChange={set("lastName")} error={err("lastName")} />
              </div>
              <div className="grid gap-4 sm:grid-cols-2">
                <TextInput
                  id="birthDate"
                  label={m.identity.birthDate}
                  type="date"
                  max={todayInDouala()}
                  autoComplete="bday"
                  value={values.birthDate ?? ""}
                  onChange={set("birthDate")}
                  error={err("birthDate")}
                />
                <TextInput id="birthPlace" label={m.identity.birthPlace} value={values.birthPlace ?? ""} onChange={set("birthPlace")} error={err("birthPlace")} />
              </div>
              <SelectInput id="nationality" label={m.identity.nationality} value={values.nationality ?? "CM"} onChange={set("nationality")} error={err("nationality")}>
                {NATIONALITIES.map((n) => (
                  <option key={n.code} value={n.code}>
                    {n[locale]}
                  </option>
                ))}
              </SelectInput>
              <TextInput id="idNumber" label={m.identity.idNumber} value={values.idNumber ?? ""} onChange={set("idNumber")} error={err("idNumber")} />
            </>
          )}

          {stage === "contacts" && (
            <>
              <TextInput id="email" label={m.contacts.email} type="email" autoComplete="email" value={values.email ?? ""} onChange={set("email")} error={err("email")} />
              <TextInput
                id="phone"
                label={m.contacts.phone}
                type="tel"
                inputMode="tel"
                autoComplete="tel"
                hint={m.contacts.phoneHint}
                value={values.phone ?? ""}
                onChange={set("phone")}
                error={err("phone")}
              />
              <TextInput id="city" label={m.contacts.city} autoComplete="address-level2" value={values.city ?? ""} onChange={set("city")} error={err("city")} />
              <TextInput id="address" label={m.contacts.address} autoComplete="street-address" value={values.address ?? ""} onChange={set("address")} error={err("address")} />
            </>
          )}

          {stage === "background" && (
            <>
              <TextInput id="lastDiploma" label={m.background.lastDiploma} value={values.lastDiploma ?? ""} onChange={set("lastDiploma")} error={err("lastDiploma")} />
              <TextInput id="diplomaYear" label={m.background.diplomaYear} inputMode="numeric" value={values.diplomaYear ?? ""} onChange={set("diplomaYear")} error={err("diplomaYear")} />
              <TextInput id="institution" label={m.background.institution} value={values.institution ?? ""} onChange={set("institution")} error={err("institution")} />
              <TextInput id="marks" label={m.background.marks} value={values.marks ?? ""} onChange={set("marks")} error={err("marks")} />
            </>
          )}

          {stage === "choice" && (
            <>
              {formKind === null && (
                <SelectInput id="school" label={m.choice.school} value={kind} onChange={(v) => void changeKind(v as ApplicationKind)}>
                  {(["general", "professional", "extension"] as const).map((k) => (
                    <option key={k} value={k}>
                      {m.choice.schools[k]}
                    </option>
                  ))}
                </SelectInput>
              )}
              <SelectInput id="targetId" label={m.choice.target} value={values.targetId ?? ""} onChange={set("targetId")} error={err("targetId")}>
                <option value="">{m.choice.choose}</option>
                {targets.map((t) => (
                  <option key={t.id} value={t.id}>
                    {t.name}
                  </option>
                ))}
              </SelectInput>
              {kind === "general" && (
                <SelectInput id="levelCode" label={m.choice.level} value={values.levelCode ?? ""} onChange={set("levelCode")} error={err("levelCode")}>
                  <option value="">{m.choice.choose}</option>
                  {(chosenTarget?.levels ?? []).map((l) => (
                    <option key={l} value={l}>
                      {l}
                    </option>
                  ))}
                </SelectInput>
              )}
              <SelectInput id="studyMode" label={m.choice.studyMode} value={values.studyMode ?? ""} onChange={set("studyMode")} error={err("studyMode")}>
                {(["online", "blended", "evening"] as const).map((k) => (
                  <option key={k} value={k}>
                    {m.choice.modes[k]}
                  </option>
                ))}
              </SelectInput>
              <TextAreaInput id="motivation" label={m.choice.motivation} value={values.motivation ?? ""} onChange={set("motivation")} error={err("motivation")} />
            </>
          )}

          {stage === "documents" && (
            <>
              <p className="text-gray-700">{m.documents.intro}</p>
              <ul className="flex flex-col gap-4">
                {documentKinds.map((k) => {
                  const files = documents.filter((d) => d.kind === k);
                  const id = `doc-${k}`;
                  const required = REQUIRED_DOCUMENTS.includes(k);
                  return (
                    <li key={k} className="rounded-md border border-gray-300 p-3">
                      <label htmlFor={id} className="block font-medium">
                        {m.documents.kinds[k]} <span className="text-sm font-normal text-gray-700">({required ? m.documents.required : m.documents.optional})</span>
                      </label>
                      {files.length > 0 && (
                        <ul className="mt-2 text-sm">
                          {files.map((f) => (
                            <li key={f.id} className="flex items-center gap-3">
                              <span data-testid={`document-${k}`}>{f.file_name}</span>
                              <button type="button" className="text-brand-700 underline" onClick={() => void onRemove(f)}>
                                {m.documents.remove}
                                <span className="sr-only"> {f.file_name}</span>
                              </button>
                            </li>
                          ))}
                        </ul>
                      )}
                      <input
                        id={id}
                        type="file"
                        accept={DOCUMENT_ACCEPT}
                        disabled={uploading !== null}
                        aria-invalid={Boolean(errors[id])}
                        aria-describedby={errors[id] ? `${id}-error` : undefined}
                        className="mt-2 block text-sm"
                        onChange={(event) => {
                          void onFile(k, event.target.files?.[0]);
                          event.target.value = "";
                        }}
                      />
                      {uploading === k && (
                        <p role="status" className="mt-1 text-sm">
                          {m.documents.uploading}
                        </p>
                      )}
                      {errors[id] && (
                        <p id={`${id}-error`} className="mt-1 text-sm text-red-800">
                          {err(id)}
                        </p>
                      )}
                    </li>
                  );
                })}
              </ul>
            </>
          )}

          {stage === "consent" && (
            <div>
              <div className="flex items-start gap-3">
                <input
                  id="consent"
                  type="checkbox"
                  className="mt-1 h-5 w-5"
                  checked={consent}
                  onChange={(e) => setConsent(e.target.checked)}
                  aria-invalid={Boolean(errors.consent)}
                  aria-describedby={errors.consent ? "consent-error" : undefined}
                />
                <label htmlFor="consent">{m.consent.text}</label>
              </div>
              <a className="mt-2 inline-block text-sm font-medium text-brand-700 underline" href={localizedPath(locale, "/privacy")} target="_blank" rel="noopener">
                {m.consent.link}
              </a>
              {errors.consent && (
                <p id="consent-error" className="mt-1 text-sm text-red-800">
                  {m.consent.required}
                </p>
              )}
            </div>
          )}

          {stage === "review" && (
            <>
              <p className="text-gray-700">{m.review.intro}</p>
              <dl className="grid gap-x-6 gap-y-2 rounded-md border border-gray-300 p-4 sm:grid-cols-2" data-testid="application-review">
                {(
                  [
                    [m.identity.lastName, `${values.firstName ?? ""} ${values.lastName ?? ""}`, "identity"],
                    [m.identity.birthDate, values.birthDate ? formatDate(locale, `${values.birthDate}T12:00:00Z`) : "", "identity"],
                    [m.identity.nationality, NATIONALITIES.find((n) => n.code === values.nationality)?.[locale] ?? values.nationality, "identity"],
                    [m.contacts.email, values.email, "contacts"],
                    [m.contacts.phone, values.phone, "contacts"],
                    [m.background.lastDiploma, `${values.lastDiploma ?? ""} (${values.diplomaYear ?? ""})`, "background"],
                    [m.choice.target, `${chosenTarget?.name ?? ""}${values.levelCode && kind === "general" ? ` — ${values.levelCode}` : ""}`, "choice"],
                    [m.steps.documents, documents.map((d) => m.documents.kinds[d.kind]).join(", "), "documents"],
                  ] as const
                ).map(([label, value, step]) => (
                  <div key={label}>
                    <dt className="text-sm font-semibold text-gray-700">{label}</dt>
                    <dd>
                      {value}{" "}
                      <button type="button" className="text-sm text-brand-700 underline" onClick={() => setStage(step)}>
                        {m.review.edit}
                        <span className="sr-only"> — {label}</span>
                      </button>
                    </dd>
                  </div>
                ))}
              </dl>
            </>
          )}

          <div className="mt-2 flex flex-wrap gap-3">
            {index > 0 && (
              <button type="button" className={secondaryButton} onClick={() => (setErrors({}), setFormError(null), setStage(STEPS[index - 1]))} disabled={busy}>
                {m.back}
              </button>
            )}
            <button type="submit" className={primaryButton} disabled={busy || uploading !== null}>
              {busy ? m.saving : stage === "review" ? m.submit : m.next}
            </button>
          </div>
        </form>
      </section>
    </div>
  );
}

/** The form's error: a sentence, or the auth service's answer with its reasons listed. */
function FormErrorAlert({ error }: { error: string | ShownError | null }) {
  if (!error) return null;
  if (typeof error === "string") return <Alert>{error}</Alert>;
  return (
    <Alert>
      {error.message}
      {error.items && error.items.length > 0 && (
        <ul className="mt-1 list-disc pl-5">
          {error.items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
