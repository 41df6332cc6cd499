-- One source per fact (issue 25 §3): the catalogue's structure is the content's.
--
-- Schools, departments, filières, specialties, levels, professional formations and extension
-- programmes are written once, as markdown in src/content (edited through the CMS at
-- /keystatic). The rows of this database that courses, fees, applications and registrations
-- hang on are a copy, brought in step by public.sync_catalogue, which `npm run
-- catalogue:sync` (scripts/catalogue-sync.ts) calls with the content at start and deploy:
-- * by slug: an entry of the content without its row is added; a row whose names differ
--   is renamed, whose other facts (parent, summary, order, degree, tier, duration,
--   specialty levels…) differ is updated; a row no longer in the content is archived
--   (archived_at), never deleted, so what uses it keeps working; an archived row whose
--   entry comes back is restored;
-- * in one transaction, under a lock, by the service role only (or the database owner,
--   e.g. psql on a hosted database), with one audit_log entry per run (catalogue.synced:
--   where it ran from, the counts and the changes), so admin/content can show the last run;
-- * public.catalogue_sync_preview answers, for an admin, what a sync with that content
--   would change now, writing nothing: admin/content lists it.
-- Admins no longer write the catalogue tables through the Data API: a second copy edited
-- by hand would drift from the content again (the sync would undo or archive it).
-- Archived programmes, specialties, formations and extension programmes are not offered
-- to applicants: the form lists only current ones and the database refuses a new target
-- that is archived (an existing application keeps its own).

alter table public.schools add column archived_at timestamptz;
alter table public.departments add column archived_at timestamptz;
alter table public.programmes add column archived_at timestamptz;
alter table public.specialties add column archived_at timestamptz;
alter table public.professional_formations add column archived_at timestamptz;
alter table public.extension_programmes add column archived_at timestamptz;
comment on column public.programmes.archived_at is
  'Set by public.sync_catalogue when the entry left src/content: kept for the courses, fees and applications that use it, no longer offered.';

-- Only the sync writes the catalogue: the admins' write policies and grants go.
do $$
declare
  t text;
begin
  foreach t in array array['schools', 'departments', 'programmes', 'specialties', 'levels',
                           'specialty_levels', 'professional_formations', 'extension_programmes']
  loop
    execute format('drop policy "%s: admins add" on public.%I', t, t);
    execute format('drop policy "%s: admins edit" on public.%I', t, t);
    execute format('drop policy "%s: admins remove" on public.%I', t, t);
    execute format('revoke insert, update, delete on public.%I from authenticated', t);
  end loop;
end
$$;

-- ---------------------------------------------------------------------------------
-- The sync itself: compares `content` with the tables and, when `apply`, writes the
-- difference. Returns the changes, one object per entry:
--   {kind, slug, change: added|renamed|updated|archived|restored, fields: [...],
--    name: {fr, en}, from: {fr, en} (renamed only)}
-- `content` is what src/lib/catalogue-sync/content.ts builds from the markdown:
--   {schools: [{slug, kind, name_fr, name_en, summary_fr, summary_en, position}],
--    departments: [{…, parent: <school slug>}], programmes: [{…, parent, degree}],
--    specialties: [{…, parent: <programme slug>, levels: ["L3", …]}],
--    formations: [{…, parent: <school slug>, certificate, duration_months, internship_months}],
--    extension_programmes: [{…, parent, credential, delivery, duration_months}],
--    levels: [{code, name_fr, name_en}]}
create function private.catalogue_sync(content jsonb, apply boolean) returns jsonb
  language plpgsql set search_path = ''
as $$
#variable_conflict use_variable
declare
  k record;
  e jsonb;
  have jsonb;
  current_rows jsonb;
  fields text[];
  changed text[];
  seen text[];
  gone record;
  slug text;
  parent_id uuid;
  row_id uuid;
  kind_change text;
  want_levels jsonb;
  have_levels jsonb;
  changes jsonb := '[]'::jsonb;
begin
  if content is null or jsonb_typeof(content) <> 'object' then
    raise exception 'catalogue content: an object with one list per kind (schools, departments, programmes…) is expected' using errcode = '22023';
  end if;

  -- Parents before children, so that a new department's school exists when it is added.
  for k in
    select * from (values
      (1, 'schools', 'schools', null, null, null, array['kind']),
      (2, 'departments', 'departments', 'schools', 'schools', 'school_id', array[]::text[]),
      (3, 'programmes', 'programmes', 'departments', 'departments', 'department_id', array['degree']),
      (4, 'specialties', 'specialties', 'programmes', 'programmes', 'programme_id', array[]::text[]),
      (5, 'formations', 'professional_formations', 'schools', 'schools', 'school_id', array['certificate', 'duration_months', 'internship_months']),
      (6, 'extension_programmes', 'extension_programmes', 'schools', 'schools', 'school_id', array['credential', 'delivery', 'duration_months'])
    ) as v (ord, kind, tbl, parent_kind, parent_tbl, parent_col, extra)
    order by ord
  loop
    -- A kind left out would archive all its rows: every list must be there, even empty.
    if jsonb_typeof(content -> k.kind) is distinct from 'array' then
      raise exception 'catalogue content: the list "%" is missing', k.kind using errcode = '22023';
    end if;
    fields := array['name_fr', 'name_en', 'summary_fr', 'summary_en', 'position'] || k.extra;
    execute format(
      'select coalesce(jsonb_object_agg(t.slug, to_jsonb(t) || jsonb_build_object(''parent'', %s)), ''{}'') from public.%I t',
      case when k.parent_tbl is null then 'null::text'
           else format('(select p.slug from public.%I p where p.id = t.%I)', k.parent_tbl, k.parent_col) end,
      k.tbl)
    into current_rows;
    seen := '{}';

    for e in select value from jsonb_array_elements(content -> k.kind)
    loop
      slug := e ->> 'slug';
      if slug is null or slug !~ '^[a-z0-9]+(-[a-z0-9]+)*$' then
        raise exception 'catalogue content: % entry without a valid slug (%)', k.kind, e using errcode = '22023';
      end if;
      if slug = any (seen) then
        raise exception 'catalogue content: % "%" appears twice', k.kind, slug using errcode = '22023';
      end if;
      seen := seen || slug;
      if k.parent_kind is not null and not exists (
        select 1 from jsonb_array_elements(coalesce(content -> k.parent_kind, '[]'::jsonb)) p where p ->> 'slug' = e ->> 'parent') then
        raise exception 'catalogue content: % "%" belongs to % "%", which the content does not have', k.kind, slug, k.parent_kind, e ->> 'parent'
          using errcode = '22023';
      end if;

      have := current_rows -> slug;
      changed := '{}';
      if have is null then
        kind_change := 'added';
      else
        changed := array(select f from unnest(fields) f where (have -> f) is distinct from (e -> f));
        if k.parent_tbl is not null and (have ->> 'parent') is distinct from (e ->> 'parent') then
          changed := changed || 'parent'::text;
        end if;
        kind_change := case when have ->> 'archived_at' is not null then 'restored'
                            when changed && array['name_fr', 'name_en'] then 'renamed'
                            when cardinality(changed) > 0 then 'updated' end;
      end if;

      -- The levels a specialty opens live in their own table.
      if k.kind = 'specialties' then
        want_levels := (select coalesce(jsonb_agg(l order by l), '[]'::jsonb) from jsonb_array_elements_text(coalesce(e -> 'levels', '[]'::jsonb)) l);
        have_levels := (select coalesce(jsonb_agg(sl.level_code order by sl.level_code), '[]'::jsonb)
                        from public.specialty_levels sl join public.specialties s on s.id = sl.specialty_id where s.slug = slug);
        if have is not null and want_levels <> have_levels then
          changed := changed || 'levels'::text;
          kind_change := coalesce(kind_change, 'updated');
        end if;
      end if;

      continue when kind_change is null;
      changes := changes || jsonb_strip_nulls(jsonb_build_object(
        'kind', k.kind, 'slug', slug, 'change', kind_change, 'fields', to_jsonb(changed),
        'name', jsonb_build_object('fr', e ->> 'name_fr', 'en', e ->> 'name_en'),
        'from', case when kind_change = 'renamed' then jsonb_build_object('fr', have ->> 'name_fr', 'en', have ->> 'name_en') end));
      continue when not apply;

      parent_id := null;
      if k.parent_tbl is not null then
        execute format('select id from public.%I where slug = $1', k.parent_tbl) into parent_id using e ->> 'parent';
      end if;
      if have is null then
        execute format('insert into public.%I (slug, %s%s) select r.slug, %s%s from jsonb_populate_record(null::public.%I, $1) r returning id',
          k.tbl, array_to_string(fields, ', '), case when k.parent_col is null then '' else ', ' || k.parent_col end,
          (select string_agg('r.' || quote_ident(f), ', ') from unnest(fields) f), case when k.parent_col is null then '' else ', $2' end,
          k.tbl)
        into row_id using e, parent_id;
      else
        execute format('update public.%I t set (%s, archived_at%s) = (select %s, null::timestamptz%s from jsonb_populate_record(null::public.%I, $1) r) where t.slug = $3 returning t.id',
          k.tbl, array_to_string(fields, ', '), case when k.parent_col is null then '' else ', ' || k.parent_col end,
          (select string_agg('r.' || quote_ident(f), ', ') from unnest(fields) f), case when k.parent_col is null then '' else ', $2' end,
          k.tbl)
        into row_id using e, parent_id, slug;
      end if;
      if k.kind = 'specialties' then
        delete from public.specialty_levels sl where sl.specialty_id = row_id
          and not (want_levels ? sl.level_code);
        insert into public.specialty_levels (specialty_id, level_code)
        select row_id, l from jsonb_array_elements_text(want_levels) l
        on conflict do nothing;
      end if;
    end loop;

    -- Rows whose entry left the content: archived, never deleted.
    for gone in execute format('select t.slug::text as slug, t.name_fr, t.name_en from public.%I t where t.archived_at is null and not (t.slug = any ($1)) order by t.slug', k.tbl)
      using seen
    loop
      changes := changes || jsonb_build_object('kind', k.kind, 'slug', gone.slug, 'change', 'archived', 'fields', '[]'::jsonb,
        'name', jsonb_build_object('fr', gone.name_fr, 'en', gone.name_en));
      if apply then
        execute format('update public.%I set archived_at = now() where slug = $1', k.tbl) using gone.slug;
      end if;
    end loop;
  end loop;

  -- The five LMD levels are fixed (a check constraint): only their names follow the content.
  if jsonb_typeof(content -> 'levels') is distinct from 'array' then
    raise exception 'catalogue content: the list "levels" is missing' using errcode = '22023';
  end if;
  for e in select value from jsonb_array_elements(content -> 'levels')
  loop
    have := (select to_jsonb(l) from public.levels l where l.code = e ->> 'code');
    if have is null then
      raise exception 'catalogue content: level "%" is not one of L1, L2, L3, M1, M2', e ->> 'code' using errcode = '22023';
    end if;
    changed := array(select f from unnest(array['name_fr', 'name_en']) f where (have -> f) is distinct from (e -> f));
    continue when cardinality(changed) = 0;
    changes := changes || jsonb_build_object('kind', 'levels', 'slug', lower(e ->> 'code'), 'change', 'renamed', 'fields', to_jsonb(changed),
      'name', jsonb_build_object('fr', e ->> 'name_fr', 'en', e ->> 'name_en'),
      'from', jsonb_build_object('fr', have ->> 'name_fr', 'en', have ->> 'name_en'));
    if apply then
      update public.levels set name_fr = e ->> 'name_fr', name_en = e ->> 'name_en' where code = e ->> 'code';
    end if;
  end loop;

  return changes;
end;
$$;
revoke all on function private.catalogue_sync(jsonb, boolean) from public;

-- The report both public functions answer: {counts: {added, renamed, updated, archived, restored}, changes}.
create function private.catalogue_sync_report(changes jsonb) returns jsonb
  language sql immutable set search_path = ''
as $$
  select jsonb_build_object(
    'counts', (select jsonb_object_agg(c, (select count(*) from jsonb_array_elements(changes) x where x ->> 'change' = c))
               from unnest(array['added', 'renamed', 'updated', 'archived', 'restored']) c),
    'changes', changes);
$$;
revoke all on function private.catalogue_sync_report(jsonb) from public;

create function public.sync_catalogue(content jsonb, source text default null) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  report jsonb;
  changes jsonb;
begin
  -- The service role's key (the CLI) or the database owner (no JWT: psql, migrations).
  if coalesce((select auth.role()), 'service_role') <> 'service_role' then
    raise exception 'only the service role synchronises the catalogue from the content (npm run catalogue:sync)' using errcode = '42501';
  end if;
  -- Two syncs at once (two deploys) run one after the other.
  perform pg_advisory_xact_lock(hashtext('public.sync_catalogue'));
  changes := private.catalogue_sync(content, true);
  report := private.catalogue_sync_report(changes);
  -- Every run is logged, even one with nothing to do: admin/content shows the last one.
  -- The changes are listed up to 60 (the log's details stay small), the counts always.
  perform public.record_audit('catalogue.synced', 'catalogue', null, jsonb_build_object(
    'source', left(coalesce(nullif(btrim(source), ''), 'unknown'), 120),
    'counts', report -> 'counts',
    'changes', (select coalesce(jsonb_agg(jsonb_build_object('kind', c ->> 'kind', 'slug', c ->> 'slug', 'change', c ->> 'change')), '[]'::jsonb)
                from (select c from jsonb_array_elements(changes) c limit 60) x),
    'more', greatest(jsonb_array_length(changes) - 60, 0)));
  return report;
end;
$$;
comment on function public.sync_catalogue(jsonb, text) is
  'Brings the catalogue tables in step with the content (npm run catalogue:sync): adds, renames, updates, archives (never deletes) by slug, in one transaction, audited. Service role only.';
revoke all on function public.sync_catalogue(jsonb, text) from public, anon, authenticated;
grant execute on function public.sync_catalogue(jsonb, text) to service_role;

create function public.catalogue_sync_preview(content jsonb) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
begin
  if coalesce((select auth.role()), 'service_role') <> 'service_role' and not private.is_admin() then
    raise exception 'only administrators compare the catalogue with the content' using errcode = '42501';
  end if;
  return private.catalogue_sync_report(private.catalogue_sync(content, false));
end;
$$;
comment on function public.catalogue_sync_preview(jsonb) is
  'What public.sync_catalogue would change with that content, writing nothing (admin/content). Admins and the service role.';
revoke all on function public.catalogue_sync_preview(jsonb) from public, anon;
grant execute on function public.catalogue_sync_preview(jsonb) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- An archived target is not offered: a new application, or a target changed, may not name
-- one. An application that already names it keeps it (and can still be submitted, decided).
create function private.refuse_archived_application_target() returns trigger
  language plpgsql set search_path = ''
as $$
begin
  if ((tg_op = 'INSERT' or new.programme_id is distinct from old.programme_id)
        and exists (select 1 from public.programmes p where p.id = new.programme_id and p.archived_at is not null))
     or ((tg_op = 'INSERT' or new.specialty_id is distinct from old.specialty_id)
        and exists (select 1 from public.specialties s where s.id = new.specialty_id and s.archived_at is not null))
     or ((tg_op = 'INSERT' or new.professional_formation_id is distinct from old.professional_formation_id)
        and exists (select 1 from public.professional_formations f where f.id = new.professional_formation_id and f.archived_at is not null))
     or ((tg_op = 'INSERT' or new.extension_programme_id is distinct from old.extension_programme_id)
        and exists (select 1 from public.extension_programmes x where x.id = new.extension_programme_id and x.archived_at is not null)) then
    raise exception 'this programme is no longer offered: choose another one' using errcode = '23514';
  end if;
  return new;
end;
$$;
revoke all on function private.refuse_archived_application_target() from public;
create trigger applications_target_not_archived
  before insert or update of programme_id, specialty_id, professional_formation_id, extension_programme_id on public.applications
  for each row execute function private.refuse_archived_application_target();
