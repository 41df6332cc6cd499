// Name and photo. The photo is resized in the browser, uploaded to the user's own folder
// of the avatars bucket, and its URL saved on the profile.
import { useId, useState, type FormEvent } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { showToast } from "../../lib/auth/toast.ts";
import { identitySchema } from "../../lib/forms/profile.ts";
import { useMessages } from "../i18n.ts";
import { saveName, uploadAvatar, type Profile } from "./data.ts";
import { profileMessages, type ProfileErrorKey } from "./messages.ts";
import { Card, FieldError, inputClass, primaryButton, useErrorText } from "./parts.tsx";
import { resizeAvatar } from "./resize.ts";

export default function IdentitySection({ profile, email, onChanged }: { profile: Profile; email: string | undefined; onChanged: () => void }) {
  const m = useMessages(profileMessages);
  const id = useId();
  const [name, setName] = useState(profile.full_name);
  const [nameError, setNameError] = useState<string>();
  const [photoError, setPhotoError] = useState<string>();
  const [busy, setBusy] = useState<"name" | "photo" | null>(null);
  const [avatar, setAvatar] = useState(profile.avatar_url);
  const supabase = getSupabase();
  const errorText = useErrorText();

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const parsed = identitySchema.safeParse({ fullName: name });
    if (!parsed.success) return setNameError(m.errors[parsed.error.issues[0].message as ProfileErrorKey]);
    setNameError(undefined);
    setBusy("name");
    try {
      await saveName(supabase, profile.id, parsed.data.fullName);
      showToast({ title: m.saved, variant: "success" });
      onChanged();
    } catch (error) {
      showToast({ title: errorText(error), variant: "destructive" });
    } finally {
      setBusy(null);
    }
  }

  async function onPhoto(file: File | undefined) {
    if (!file) return;
    setPhotoError(undefined);
    setBusy("photo");
    try {
      const resized = await resizeAvatar(file);
      if ("error" in resized) return setPhotoError(m.errors[resized.error]);
      const url = await uploadAvatar(supabase, profile.id, resized.blob);
      setAvatar(url);
      showToast({ title: m.identity.uploaded, variant: "success" });
      onChanged();
    } catch (error) {
      setPhotoError(errorText(error));
    } finally {
      setBusy(null);
    }
  }

  return (
    <Card title={m.identity.title} testId="identity">
      <div className="mt-4 flex flex-col gap-6 sm:flex-row sm:items-start">
        <div className="flex flex-col items-start gap-2">
          {avatar ? (
            <img src={avatar} alt={m.identity.photoAlt} width={96} height={96} className="h-24 w-24 rounded-full object-cover" data-testid="avatar" />
          ) : (
            <div className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-50 text-center text-xs text-brand-900">{m.identity.noPhoto}</div>
          )}
          <span className="relative rounded has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-brand-600">
          <label htmlFor={`${id}-photo`} className="cursor-pointer text-sm font-semibold text-brand-700 underline underline-offset-2">
            {busy === "photo" ? m.identity.uploading : m.identity.choosePhoto}
          </label>
          <input
            id={`${id}-photo`}
            type="file"
            accept="image/jpeg,image/png,image/webp"
            className="sr-only"
            aria-describedby={`${id}-photo-hint${photoError ? ` ${id}-photo-error` : ""}`}
            disabled={busy === "photo"}
            onChange={(event) => {
              void onPhoto(event.currentTarget.files?.[0]);
              event.currentTarget.value = "";
            }}
          />
          </span>
          <p id={`${id}-photo-hint`} className="max-w-48 text-xs text-gray-700">
            {m.identity.photoHint}
          </p>
          <FieldError id={`${id}-photo-error`} message={photoError} />
        </div>
        <form noValidate onSubmit={onSubmit} className="flex flex-1 flex-col gap-4">
          <div>
            <label htmlFor={`${id}-name`} className="block text-sm font-medium">
              {m.identity.name}
            </label>
            <input
              id={`${id}-name`}
              name="fullName"
              autoComplete="name"
              value={name}
              onChange={(e) => setName(e.target.value)}
              aria-invalid={Boolean(nameError)}
              aria-describedby={nameError ? `${id}-name-error` : undefined}
              className={inputClass}
            />
            <FieldError id={`${id}-name-error`} message={nameError} />
          </div>
          {email && (
            <p className="text-sm">
              <span className="block font-medium">{m.identity.email}</span>
              <span className="text-gray-800">{email}</span>
            </p>
          )}
          <div>
            <button type="submit" className={primaryButton} disabled={busy === "name"}>
              {busy === "name" ? m.saving : m.save}
            </button>
          </div>
        </form>
      </div>
    </Card>
  );
}
