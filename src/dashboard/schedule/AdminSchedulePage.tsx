// admin/schedule: every session of the three schools, filtered by school, programme,
// teacher and online / in a room, in the same day/week/month views.
import { useState } from "react";
import { getSupabase } from "../../lib/supabase/browser.ts";
import { wizardChoices } from "../shared/course-lists-data.ts";
import { useLocale, useMessages } from "../i18n.ts";
import { FilterSelect } from "../ui/FilterSelect.tsx";
import type { SessionQuery } from "../shared/sessions-data.ts";
import { scheduleMessages } from "./messages.ts";
import { ScheduleScreen } from "./ScheduleScreen.tsx";
import { useScheduleQuery } from "../ui/query.ts";
import { useRouteTitle } from "../links.ts";

export default function AdminSchedulePage() {
  const m = useMessages(scheduleMessages);
  const locale = useLocale();
  const options = useScheduleQuery(["wizard-choices"], () => wizardChoices(getSupabase()));
  const [filters, setFilters] = useState<Omit<SessionQuery, "from" | "to">>({});
  const set = (key: keyof typeof filters, value: string) => setFilters((f) => ({ ...f, [key]: value || undefined }));
  const name = (o: { name_fr: string; name_en: string }) => (locale === "fr" ? o.name_fr : o.name_en);
  const o = options.data;
  return (
    <ScheduleScreen
      role="admin"
      title={useRouteTitle("admin.schedule")}
      intro={m.adminIntro}
      filters={filters}
      filterBar={
        <>
          <FilterSelect
            label={m.filters.school}
            allLabel={m.filters.all}
            value={filters.schoolId ?? ""}
            onChange={(v) => set("schoolId", v)}
            options={(o?.schools ?? []).map((s) => ({ value: s.id, label: name(s) }))}
            testId="filter-school"
          />
          <FilterSelect
            label={m.filters.programme}
            allLabel={m.filters.all}
            value={filters.programmeId ?? ""}
            onChange={(v) => set("programmeId", v)}
            options={(o?.programmes ?? []).map((p) => ({ value: p.id, label: name(p) }))}
            testId="filter-programme"
          />
          <FilterSelect
            label={m.filters.teacher}
            allLabel={m.filters.all}
            value={filters.teacherId ?? ""}
            onChange={(v) => set("teacherId", v)}
            options={(o?.teachers ?? []).map((t) => ({ value: t.id, label: t.full_name }))}
            testId="filter-teacher"
          />
          <FilterSelect
            label={m.filters.mode}
            allLabel={m.filters.all}
            value={filters.mode ?? ""}
            onChange={(v) => set("mode", v)}
            options={[
              { value: "online", label: m.online },
              { value: "in_person", label: m.filters.inPerson },
            ]}
            testId="filter-mode"
          />
        </>
      }
    />
  );
}
