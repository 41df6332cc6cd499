// The files of an assignment or a submission, each a button that saves it.
import { getSupabase } from "../../lib/supabase/browser.ts";
import { fill, useMessages } from "../i18n.ts";
import { Button } from "../ui/Button.tsx";
import { downloadBlob } from "../../lib/download.ts";
import { toastError } from "../ui/toast.ts";
import { fileName } from "./data.ts";
import { assignmentMessages } from "./messages.ts";

export function FileList({ paths, fetcher }: { paths: string[]; fetcher: (supabase: ReturnType<typeof getSupabase>, path: string) => Promise<Blob> }) {
  const m = useMessages(assignmentMessages);
  const save = async (path: string) => {
    try {
      downloadBlob(fileName(path), await fetcher(getSupabase(), path));
    } catch (error) {
      toastError(error);
    }
  };
  return (
    <ul className="mt-2 flex flex-wrap gap-2">
      {paths.map((p) => (
        <li key={p}>
          <Button size="sm" variant="secondary" onPress={() => void save(p)} aria-label={fill(m.download, { name: fileName(p) })}>
            {fileName(p)}
          </Button>
        </li>
      ))}
    </ul>
  );
}
