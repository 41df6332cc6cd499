// A course's materials for its teacher (and admins): listed by week, a file uploaded to the
// private course-materials bucket (in the course's folder, as the bucket's rules require) or
// a link added for a week, a material removed. The database checks the teacher again.
import { useId, useState } from "react";
import * as z from "zod/mini";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { useMessages } from "../i18n.ts";
import { useScheduleQuery } from "../ui/query.ts";
import { Button } from "../ui/Button.tsx";
import { Card } from "../ui/Card.tsx";
import { ConfirmDialog } from "../ui/ConfirmDialog.tsx";
import { NumberField } from "../ui/NumberField.tsx";
import { RadioGroup } from "../ui/RadioGroup.tsx";
import { TextField } from "../ui/TextField.tsx";
import { toastError } from "../ui/toast.ts";
import { addLinkMaterial, deleteMaterialWithFile, listMaterials, MATERIAL_MAX_BYTES, uploadFileMaterial, type Material } from "./data.ts";
import { MaterialsByWeek } from "./MaterialsByWeek.tsx";
import { teachingMessages } from "./teaching-messages.ts";

const schema = z.object({
  week: z.number().check(z.int(), z.minimum(1), z.maximum(30)),
  title: z.string().check(z.trim(), z.minLength(1), z.maxLength(200)),
});

export function MaterialsEditor({ courseId, testId = "teacher-materials" }: { courseId: string; testId?: string }) {
  const m = useMessages(teachingMessages);
  const materials = useScheduleQuery(["manage-materials", courseId], () => listMaterials(getSupabase(), courseId));
  const [removing, setRemoving] = useState<Material | null>(null);
  const [note, setNote] = useState("");
  return (
    <Card title={m.materials} testId={testId}>
      <MaterialsByWeek
        materials={materials}
        empty={m.noMaterials}
        action={(item) => (
          <Button size="sm" variant="ghost" onPress={() => setRemoving(item)}>
            {m.remove}
            <span className="sr-only"> : {item.title}</span>
          </Button>
        )}
      />
      <p role="status" className="mt-2 text-sm text-green-800">
        {note}
      </p>
      <AddMaterial
        courseId={courseId}
        onAdded={() => {
          setNote(m.added);
          materials.retry();
        }}
      />
      <ConfirmDialog
        title={m.removeTitle}
        confirmLabel={m.remove}
        isOpen={removing !== null}
        onOpenChange={(open) => !open && setRemoving(null)}
        onConfirm={async () => {
          await deleteMaterialWithFile(getSupabase(), removing!);
          setNote(m.removed);
          materials.retry();
        }}
      >
        {m.removeBody}
      </ConfirmDialog>
    </Card>
  );
}

function AddMaterial({ courseId, onAdded }: { courseId: string; onAdded: () => void }) {
  const m = useMessages(teachingMessages);
  const fileId = useId();
  const [week, setWeek] = useState(1);
  const [title, setTitle] = useState("");
  const [kind, setKind] = useState<"file" | "link">("file");
  const [url, setUrl] = useState("");
  const [file, setFile] = useState<File | null>(null);
  const [errors, setErrors] = useState<Partial<Record<"week" | "title" | "url" | "file", string>>>({});
  const [busy, setBusy] = useState(false);
  const [formKey, setFormKey] = useState(0);

  const submit = async () => {
    const next: typeof errors = {};
    const parsed = schema.safeParse({ week, title });
    if (!parsed.success) for (const issue of parsed.error.issues) next[issue.path[0] as "week" | "title"] = issue.path[0] === "week" ? m.badWeek : m.titleRequired;
    if (kind === "link" && !/^https:\/\/\S+$/.test(url.trim())) next.url = m.badUrl;
    if (kind === "file") {
      if (!file) next.file = m.fileMissing;
      else if (file.size > MATERIAL_MAX_BYTES) next.file = m.fileTooBig;
    }
    setErrors(next);
    if (Object.keys(next).length || !parsed.success) return;
    setBusy(true);
    try {
      if (kind === "file") await uploadFileMaterial(getSupabase(), courseId, parsed.data.week, parsed.data.title, file!);
      else await addLinkMaterial(getSupabase(), courseId, parsed.data.week, parsed.data.title, url.trim());
      setTitle("");
      setUrl("");
      setFile(null);
      setFormKey((k) => k + 1);
      onAdded();
    } catch (error) {
      toastError(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      key={formKey}
      className="mt-4 grid gap-4 border-t border-gray-100 pt-4 sm:grid-cols-2"
      noValidate
      aria-label={m.addMaterial}
      data-testid="add-material"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3 className="font-semibold text-gray-900 sm:col-span-2">{m.addMaterial}</h3>
      <NumberField label={m.weekLabel} value={week} onChange={(v) => setWeek(v ?? 0)} minValue={1} maxValue={30} errorMessage={errors.week} />
      <TextField label={m.titleLabel} value={title} onChange={setTitle} errorMessage={errors.title} isRequired maxLength={200} />
      <RadioGroup
        label={m.kind}
        orientation="horizontal"
        value={kind}
        onChange={(v) => setKind(v as "file" | "link")}
        options={[
          { value: "file", label: m.kindFile },
          { value: "link", label: m.kindLink },
        ]}
        className="sm:col-span-2"
      />
      {kind === "file" ? (
        <div className="flex flex-col gap-1 sm:col-span-2">
          <label htmlFor={fileId} className="font-medium text-gray-900">
            {m.file}
          </label>
          <input
            id={fileId}
            type="file"
            className="text-sm"
            aria-invalid={!!errors.file}
            aria-describedby={errors.file ? `${fileId}-error` : undefined}
            onChange={(e) => setFile(e.target.files?.[0] ?? null)}
          />
          {errors.file && (
            <p id={`${fileId}-error`} className="text-sm text-red-700">
              {errors.file}
            </p>
          )}
        </div>
      ) : (
        <TextField label={m.url} type="url" value={url} onChange={setUrl} errorMessage={errors.url} isRequired className="sm:col-span-2" />
      )}
      <div className="sm:col-span-2">
        <Button type="submit" isPending={busy}>
          {m.add}
        </Button>
      </div>
    </form>
  );
}
