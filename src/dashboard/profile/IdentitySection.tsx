// Name and photo. The photo is resized in the browser, uploaded to the user's own folder
// of the avatars bucket, and its URL saved on the profile.
import { useId, useState } from "react";
import { identitySchema } from "../../lib/forms/profile.ts";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { Form, FormField, useZodForm } from "../ui/Form.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError, toastSuccess, useErrorMessage } from "../ui/toast.ts";
import { saveName, uploadAvatar, type Profile } from "./data.ts";
import { profileMessages, type ProfileErrorKey } from "./messages.ts";
import { resizeAvatar } from "./resize.ts";
import { OnDemandImage } from "../ui/OnDemandImage.tsx";

export default function IdentitySection({ profile, email, onChanged }: { profile: Profile; email: string | undefined; onChanged: () => void }) {
  const m = useMessages(profileMessages);
  const id = useId();
  const errorMessage = useErrorMessage();
  const [photoError, setPhotoError] = useState<string>();
  const [uploading, setUploading] = useState(false);
  const [avatar, setAvatar] = useState(profile.avatar_url);
  const form = useZodForm(identitySchema, { defaultValues: { fullName: profile.full_name } });
  const supabase = getSupabase();

  async function onSubmit({ fullName }: { fullName: string }) {
    try {
      await saveName(supabase, profile.id, fullName);
      toastSuccess("saved");
      onChanged();
    } catch (error) {
      toastError(error);
    }
  }

  async function onPhoto(file: File | undefined) {
    if (!file) return;
    setPhotoError(undefined);
    setUploading(true);
    try {
      const resized = await resizeAvatar(file);
      if ("error" in resized) return setPhotoError(m.errors[resized.error]);
      const url = await uploadAvatar(supabase, profile.id, resized.blob);
      setAvatar(url);
      toastSuccess("uploaded");
      onChanged();
    } catch (error) {
      setPhotoError(errorMessage(error));
    } finally {
      setUploading(false);
    }
  }

  return (
    <Card title={m.identity.title} testId="identity" className="mt-6">
      <div className="flex flex-col gap-6 sm:flex-row sm:items-start">
        <div className="flex flex-col items-start gap-2">
          {avatar ? (
            <OnDemandImage src={avatar} alt={m.identity.photoAlt} width={96} height={96} className="h-24 w-24 rounded-full object-cover" data-testid="avatar" />
          ) : (
            <div className="flex h-24 w-24 items-center justify-center rounded-full bg-brand-50 p-2 text-center text-xs text-brand-900">{m.identity.noPhoto}</div>
          )}
          {/* A native file input (the kit has none), visually a link, with a visible focus ring. */}
          <span className="rounded has-[:focus-visible]:outline-3 has-[:focus-visible]:outline-offset-2 has-[:focus-visible]:outline-gold-400">
            <label htmlFor={`${id}-photo`} className="cursor-pointer text-sm font-semibold text-brand-700 underline underline-offset-2">
              {uploading ? m.identity.uploading : m.identity.choosePhoto}
            </label>
            <input
              id={`${id}-photo`}
              type="file"
              accept="image/jpeg,image/png,image/webp"
              className="sr-only"
              aria-describedby={`${id}-photo-hint${photoError ? ` ${id}-photo-error` : ""}`}
              disabled={uploading}
              onChange={(event) => {
                void onPhoto(event.currentTarget.files?.[0]);
                event.currentTarget.value = "";
              }}
            />
          </span>
          <p id={`${id}-photo-hint`} className="max-w-48 text-xs text-gray-700">
            {m.identity.photoHint}
          </p>
          {photoError && (
            <p id={`${id}-photo-error`} role="alert" className="max-w-48 text-sm font-medium text-red-800">
              {photoError}
            </p>
          )}
        </div>
        <Form form={form} onSubmit={onSubmit} translateError={(key) => m.errors[key as ProfileErrorKey] ?? key} className="flex flex-1 flex-col gap-4">
          <FormField name="fullName">{(field) => <TextField label={m.identity.name} autoComplete="name" className="max-w-md" {...field} />}</FormField>
          {email && (
            <p className="text-sm">
              <span className="block font-semibold">{m.identity.email}</span>
              <span className="text-gray-800">{email}</span>
            </p>
          )}
          <div>
            <Button type="submit" isPending={form.formState.isSubmitting}>
              {m.save}
            </Button>
          </div>
        </Form>
      </div>
    </Card>
  );
}
