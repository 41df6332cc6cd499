-- Admissions, issue 13: applying without an account, drafts, documents, review, admission.
--
-- * applications gain a 'draft' status (saved after every step of the public form by the
--   applicant's new account), the academic year applied for, the birth date, the study
--   mode, the consent to the privacy notice and the application fee (10,000 XAF unless the
--   school says otherwise; "fee due" until the finance area marks it paid).
--   The applicant edits its draft freely, then may only set submitted (from draft) or
--   withdrawn; a submitted application is frozen for it. Submitting checks the file is
--   complete (identity, target, consent, the four documents).
-- * One open application per applicant, target and academic year (a duplicate is refused).
-- * application_documents (files in the private application-documents bucket),
--   application_document_requests (a reviewer asks for a missing document; the upload
--   that answers it puts the file back under review), application_comments (reviewers
--   only: never readable by the applicant).
-- * decide_applications(): reviewers' decisions, one or many at once, with a reason.
-- * admit_application(): an admitted applicant becomes a student in one atomic step
--   (student role, matricule from institution_settings.matricule_pattern, registration,
--   enrolment in the current semester's courses of its level). Two admins admitting at
--   once create one student and one matricule: the application row is locked and the
--   second call returns what the first did.
-- * Every status change notifies the applicant (in the app and by e-mail).

-- ---------------------------------------------------------------------------------
-- 1. The application fee, per school.
alter table public.schools add column application_fee_xaf integer not null default 10000
  check (application_fee_xaf between 0 and 1000000);
comment on column public.schools.application_fee_xaf is 'Application fee in XAF charged on submission (10,000 by default).';

-- ---------------------------------------------------------------------------------
-- 2. Applications: drafts, the year, identity and the fee.
alter table public.applications drop constraint applications_status_check;
alter table public.applications add constraint applications_status_check check (status in (
  'draft', 'submitted', 'under_review', 'documents_requested', 'admitted', 'waitlisted', 'rejected',
  'enrolled', 'withdrawn'));
alter table public.applications
  add column academic_year_id uuid references public.academic_years (id) on delete restrict,
  add column birth_date date,
  add column study_mode text check (study_mode is null or study_mode in ('online', 'blended', 'evening')),
  add column consent_at timestamptz,
  add column fee_xaf integer check (fee_xaf is null or fee_xaf between 0 and 1000000),
  add column fee_paid_at timestamptz,
  add column decision_reason text check (decision_reason is null or char_length(decision_reason) <= 1000);
create index applications_academic_year_id_idx on public.applications (academic_year_id);
comment on column public.applications.fee_paid_at is 'When the application fee was paid (set by the finance area); null with fee_xaf > 0: fee due.';

-- One open application per applicant, target and year (drafts included: the form resumes it).
create unique index applications_one_per_target_and_year on public.applications
  (applicant_id, academic_year_id, coalesce(programme_id, professional_formation_id, extension_programme_id))
  where applicant_id is not null and status not in ('withdrawn', 'rejected');

create or replace function private.application_transition_allowed(from_status text, to_status text) returns boolean
  language sql immutable set search_path = ''
as $$
  select from_status = to_status or (from_status, to_status) in (
    ('draft', 'submitted'), ('draft', 'withdrawn'),
    ('submitted', 'under_review'), ('submitted', 'withdrawn'),
    ('under_review', 'documents_requested'), ('under_review', 'admitted'),
    ('under_review', 'waitlisted'), ('under_review', 'rejected'), ('under_review', 'withdrawn'),
    ('documents_requested', 'under_review'), ('documents_requested', 'admitted'),
    ('documents_requested', 'waitlisted'), ('documents_requested', 'rejected'),
    ('documents_requested', 'withdrawn'),
    ('waitlisted', 'admitted'), ('waitlisted', 'rejected'), ('waitlisted', 'withdrawn'),
    ('admitted', 'enrolled'), ('admitted', 'withdrawn')
  );
$$;

-- What a complete file needs before it is submitted (null when nothing is missing).
create function private.application_missing(app public.applications) returns text
  language plpgsql stable security definer set search_path = ''
as $$
begin
  return nullif(concat_ws(', ',
    case when app.birth_date is null then 'birth_date' end,
    case when num_nonnulls(app.programme_id, app.professional_formation_id, app.extension_programme_id) = 0 then 'programme' end,
    case when app.consent_at is null then 'consent' end,
    (select string_agg(k, ', ' order by k)
     from unnest(array['id_card', 'diploma', 'transcript', 'photo']) k
     where not exists (select 1 from public.application_documents d where d.application_id = app.id and d.kind = k))
  ), '');
end;
$$;

-- The school an application's target belongs to.
create function private.application_school(app public.applications) returns uuid
  language sql stable security definer set search_path = ''
as $$
  select coalesce(
    (select d.school_id from public.programmes p join public.departments d on d.id = p.department_id where p.id = app.programme_id),
    (select f.school_id from public.professional_formations f where f.id = app.professional_formation_id),
    (select x.school_id from public.extension_programmes x where x.id = app.extension_programme_id));
$$;

-- The current academic year (visitors applying anonymously cannot read academic_years).
create function private.current_academic_year() returns uuid
  language sql stable security definer set search_path = ''
as $$ select y.id from public.academic_years y where y.is_current; $$;

-- Before a change: allowed transitions only; a new application is a draft or submitted; the
-- year defaults to the current one; no birth date in the future; a draft is submitted only
-- when complete, and the fee is fixed then.
create or replace function private.check_application_change() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  missing text;
begin
  if new.birth_date is not null and new.birth_date > current_date then
    raise exception 'the birth date is in the future' using errcode = '23514';
  end if;
  if new.academic_year_id is null then
    new.academic_year_id := private.current_academic_year();
  end if;
  if tg_op = 'INSERT' then
    if new.status not in ('draft', 'submitted') then
      raise exception 'a new application starts as draft or submitted, not %', new.status using errcode = '23514';
    end if;
    new.submitted_at := now();
    if new.status = 'submitted' then
      new.fee_xaf := coalesce((select s.application_fee_xaf from public.schools s where s.id = private.application_school(new)), new.fee_xaf);
    end if;
    return new;
  end if;
  if not private.application_transition_allowed(old.status, new.status) then
    raise exception 'an application cannot go from % to %', old.status, new.status using errcode = '23514';
  end if;
  new.applicant_id := old.applicant_id;
  new.submitted_at := old.submitted_at;
  if old.status = 'draft' and new.status = 'submitted' then
    missing := private.application_missing(new);
    if missing is not null then
      raise exception 'the application is incomplete: %', missing using errcode = '23514';
    end if;
    new.submitted_at := now();
    new.fee_xaf := (select s.application_fee_xaf from public.schools s where s.id = private.application_school(new));
  end if;
  return new;
end;
$$;

-- The applicant edits its draft (not who applies, nor the fee or decision); once submitted
-- it may only withdraw. Admins edit everything.
create or replace function private.applicant_changes_status_only() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  changed text;
begin
  if private.acting_user() is null or private.is_admin() then
    return new;
  end if;
  if old.status = 'draft' then
    changed := private.changed_columns(to_jsonb(new), to_jsonb(old),
      array['status', 'updated_at', 'kind', 'full_name', 'email', 'phone', 'country', 'city', 'preferred_locale',
            'programme_id', 'specialty_id', 'level_code', 'professional_formation_id', 'extension_programme_id',
            'motivation', 'details', 'birth_date', 'study_mode', 'consent_at']);
  else
    changed := private.changed_columns(to_jsonb(new), to_jsonb(old), array['status', 'updated_at']);
  end if;
  if changed is not null then
    raise exception 'a submitted application can no longer be edited by the applicant (%)', changed
      using errcode = '42501';
  end if;
  return new;
end;
$$;

-- The applicant sets draft, submitted or withdrawn, nothing else.
drop policy "applications: admins review, the applicant withdraws" on public.applications;
create policy "applications: admins review, the applicant edits its draft" on public.applications for update to authenticated
  using (applicant_id = (select auth.uid()) or (select private.is_admin()))
  with check ((select private.is_admin())
              or (applicant_id = (select auth.uid()) and status in ('draft', 'submitted', 'withdrawn')));
drop policy "applications: signed-in people submit as themselves" on public.applications;
create policy "applications: signed-in people apply as themselves" on public.applications for insert to authenticated
  with check ((applicant_id is null or applicant_id = (select auth.uid()) or (select private.is_admin()))
              and status in ('draft', 'submitted'));
-- A draft the applicant gives up is deleted (nothing was submitted yet).
drop policy "applications: admins remove" on public.applications;
create policy "applications: admins remove, the applicant its draft" on public.applications for delete to authenticated
  using ((select private.is_admin()) or (applicant_id = (select auth.uid()) and status = 'draft'));

-- A duplicate gets a sentence, not an index name.
create function private.refuse_duplicate_application() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.applicant_id is not null and new.status not in ('withdrawn', 'rejected')
     and num_nonnulls(new.programme_id, new.professional_formation_id, new.extension_programme_id) = 1
     and exists (
       select 1 from public.applications a
       where a.applicant_id = new.applicant_id and a.id <> new.id
         and a.academic_year_id is not distinct from new.academic_year_id
         and a.status not in ('withdrawn', 'rejected')
         and coalesce(a.programme_id, a.professional_formation_id, a.extension_programme_id)
             = coalesce(new.programme_id, new.professional_formation_id, new.extension_programme_id)) then
    raise exception 'duplicate application: you already applied to this programme for this academic year'
      using errcode = '23505';
  end if;
  return new;
end;
$$;
-- (named to run after applications_check, which fills academic_year_id)
create trigger applications_zz_duplicate before insert or update on public.applications
  for each row execute function private.refuse_duplicate_application();

-- Drafts are not in the history; submitting starts it.
create or replace function private.record_application_status() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.status <> 'draft' and (tg_op = 'INSERT' or old.status is distinct from new.status) then
    insert into public.application_status_history (application_id, from_status, to_status, actor_id, note, changed_at)
    values (
      new.id,
      case when tg_op = 'UPDATE' and old.status <> 'draft' then old.status end,
      new.status,
      (select auth.uid()),
      nullif(current_setting('app.status_note', true), ''),
      clock_timestamp()
    );
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------
-- 3. Notices: every status change after submission, in the app and by e-mail.
create function private.notify_application_status() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  en boolean := new.preferred_locale = 'en';
  label text;
  title text;
  body text;
begin
  -- (API requests only: the demo seed and repairs by the owner notify nobody)
  if new.status = 'draft' or (tg_op = 'UPDATE' and old.status is not distinct from new.status)
     or coalesce(current_setting('request.headers', true), '') in ('', '{}') then
    return new;
  end if;
  label := case new.status
    when 'submitted' then case when en then 'submitted' else 'déposée' end
    when 'under_review' then case when en then 'under review' else 'en cours d''examen' end
    when 'documents_requested' then case when en then 'waiting for a document' else 'en attente d''un document' end
    when 'admitted' then case when en then 'accepted' else 'acceptée' end
    when 'waitlisted' then case when en then 'on the waiting list' else 'sur liste d''attente' end
    when 'rejected' then case when en then 'not accepted' else 'non retenue' end
    when 'enrolled' then case when en then 'registered' else 'inscrite' end
    else case when en then 'withdrawn' else 'retirée' end
  end;
  title := case when en then 'Your application is ' || label else 'Votre candidature est ' || label end;
  body := title || case when new.status = 'documents_requested'
      then case when en then ': please upload the requested document.' else ' : veuillez déposer le document demandé.' end
      else '.' end;
  if new.applicant_id is not null and private.wants_notification(new.applicant_id, 'application', 'in_app') then
    insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label)
    values (new.applicant_id, 'application', title, body,
            case when new.status in ('documents_requested', 'admitted') then 'high' else 'normal' end,
            jsonb_build_object('application_id', new.id, 'status', new.status),
            case when en then '/en/dashboard/applications' else '/dashboard/applications' end,
            case when en then 'Follow my application' else 'Suivre ma candidature' end);
  end if;
  insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body)
  values ('email', new.email, new.applicant_id, 'application', title, body);
  return new;
end;
$$;
create trigger applications_notify after insert or update of status on public.applications
  for each row execute function private.notify_application_status();

-- ---------------------------------------------------------------------------------
-- 4. Documents, requests for documents, reviewers' comments.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('application-documents', 'application-documents', false, 10 * 1024 * 1024,
   array['application/pdf', 'image/jpeg', 'image/png'])
on conflict (id) do nothing;

create table public.application_document_requests (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  kind text not null check (kind in ('id_card', 'diploma', 'transcript', 'photo', 'passport', 'visa_support', 'equivalence', 'other')),
  -- What the reviewer tells the applicant (readable by the applicant).
  message text not null default '' check (char_length(message) <= 1000),
  requested_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  fulfilled_at timestamptz
);
comment on table public.application_document_requests is 'A document a reviewer asked an applicant for; fulfilled by the upload that answers it.';
create index application_document_requests_application_id_idx on public.application_document_requests (application_id);
create index application_document_requests_requested_by_idx on public.application_document_requests (requested_by);

create table public.application_documents (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  kind text not null check (kind in ('id_card', 'diploma', 'transcript', 'photo', 'passport', 'visa_support', 'equivalence', 'other')),
  request_id uuid references public.application_document_requests (id) on delete set null,
  -- In the application-documents bucket: <applicant_id>/<application_id>/<file>.
  storage_path text not null unique check (char_length(storage_path) <= 1024),
  file_name text not null check (char_length(file_name) between 1 and 255),
  mime_type text not null check (mime_type in ('application/pdf', 'image/jpeg', 'image/png')),
  size_bytes integer not null check (size_bytes between 1 and 10485760),
  uploaded_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
comment on table public.application_documents is 'Files of an application (ID, diploma, transcript, photo…); the bytes are in the private application-documents bucket.';
create index application_documents_application_id_idx on public.application_documents (application_id, kind);
create index application_documents_request_id_idx on public.application_documents (request_id);
create index application_documents_uploaded_by_idx on public.application_documents (uploaded_by);
create trigger application_documents_stamp before insert or update on public.application_documents
  for each row execute function private.stamp_row('uploaded_by');
create trigger application_document_requests_stamp before insert or update on public.application_document_requests
  for each row execute function private.stamp_row('requested_by');

create table public.application_comments (
  id uuid primary key default gen_random_uuid(),
  application_id uuid not null references public.applications (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  body text not null check (char_length(body) between 1 and 4000),
  created_at timestamptz not null default now()
);
comment on table public.application_comments is 'Reviewers'' notes on an application: admins only, never the applicant.';
create index application_comments_application_id_idx on public.application_comments (application_id, created_at);
create index application_comments_author_id_idx on public.application_comments (author_id);
create trigger application_comments_stamp before insert or update on public.application_comments
  for each row execute function private.stamp_row('author_id');

-- May the caller add files to this application? Its own draft, or one a reviewer asked a
-- document for.
create function private.may_upload_to_application(application uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.applications a
    where a.id = application and a.applicant_id = (select auth.uid())
      and (a.status = 'draft'
           or (a.status = 'documents_requested'
               and exists (select 1 from public.application_document_requests r
                           where r.application_id = a.id and r.fulfilled_at is null))));
$$;
create function private.owns_application(application uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (select 1 from public.applications a where a.id = application and a.applicant_id = (select auth.uid()));
$$;

alter table public.application_documents enable row level security;
alter table public.application_document_requests enable row level security;
alter table public.application_comments enable row level security;

create policy "application_documents: the applicant and admins read" on public.application_documents for select to authenticated
  using ((select private.is_admin()) or private.owns_application(application_id));
create policy "application_documents: the applicant adds to its file" on public.application_documents for insert to authenticated
  with check ((select private.is_admin())
              or (private.may_upload_to_application(application_id)
                  and storage_path like (select auth.uid())::text || '/' || application_id::text || '/%'));
create policy "application_documents: the applicant (draft) and admins remove" on public.application_documents for delete to authenticated
  using ((select private.is_admin())
         or (private.owns_application(application_id)
             and exists (select 1 from public.applications a where a.id = application_id and a.status = 'draft')));
revoke all on public.application_documents from anon;
revoke update, truncate, references, trigger on public.application_documents from authenticated;

create policy "application_document_requests: the applicant and admins read" on public.application_document_requests for select to authenticated
  using ((select private.is_admin()) or private.owns_application(application_id));
revoke all on public.application_document_requests from anon;
revoke insert, update, delete, truncate, references, trigger on public.application_document_requests from authenticated;

create policy "application_comments: reviewers read" on public.application_comments for select to authenticated
  using ((select private.is_admin()));
create policy "application_comments: reviewers write" on public.application_comments for insert to authenticated
  with check ((select private.is_admin()));
create policy "application_comments: reviewers remove" on public.application_comments for delete to authenticated
  using ((select private.is_admin()));
revoke all on public.application_comments from anon;
revoke update, truncate, references, trigger on public.application_comments from authenticated;

-- An upload answering the open requests of its kind (or any open request, for 'other')
-- fulfils them; when none is left open the file goes back under review.
create function private.fulfil_document_requests() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  update public.application_document_requests r set fulfilled_at = now()
  where r.application_id = new.application_id and r.fulfilled_at is null
    and (r.id = new.request_id or r.kind = new.kind);
  if not exists (select 1 from public.application_document_requests r
                 where r.application_id = new.application_id and r.fulfilled_at is null) then
    update public.applications set status = 'under_review'
    where id = new.application_id and status = 'documents_requested';
  end if;
  return new;
end;
$$;
create trigger application_documents_fulfil after insert on public.application_documents
  for each row execute function private.fulfil_document_requests();

-- Storage: the applicant writes under <own id>/<application it may upload to>/, reads its
-- own folder; admins read and delete everything.
create function private.can_access_application_file(object_name text, operation text) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce(case operation
    when 'read' then
      private.is_admin() or private.try_uuid(split_part(object_name, '/', 1)) = (select auth.uid())
    when 'write' then
      private.try_uuid(split_part(object_name, '/', 1)) = (select auth.uid())
      and private.may_upload_to_application(private.try_uuid(split_part(object_name, '/', 2)))
    when 'delete' then
      private.is_admin()
      or (private.try_uuid(split_part(object_name, '/', 1)) = (select auth.uid())
          and exists (select 1 from public.applications a
                      where a.id = private.try_uuid(split_part(object_name, '/', 2)) and a.status = 'draft'))
    else false
  end, false);
$$;
create policy "objects: application files read" on storage.objects for select to authenticated
  using (bucket_id = 'application-documents' and private.can_access_application_file(name, 'read'));
create policy "objects: application files upload" on storage.objects for insert to authenticated
  with check (bucket_id = 'application-documents' and private.can_access_application_file(name, 'write'));
create policy "objects: application files delete" on storage.objects for delete to authenticated
  using (bucket_id = 'application-documents' and private.can_access_application_file(name, 'delete'));

-- ---------------------------------------------------------------------------------
-- 5. Reviewers' actions.

-- Asks the applicant for a document: the file moves to documents_requested (through
-- under_review when it was just submitted), the request says what is missing. Security
-- definer: clients cannot write requests themselves; admins only, checked first.
create function public.request_application_document(application uuid, document_kind text, note text default '')
  returns uuid
  language plpgsql security definer set search_path = ''
as $$
declare
  current_status text;
  created uuid;
begin
  if not private.is_admin() then
    raise exception 'only reviewers request documents' using errcode = '42501';
  end if;
  select status into current_status from public.applications where id = application for update;
  if current_status is null then
    raise exception 'no such application' using errcode = 'P0002';
  end if;
  if current_status not in ('submitted', 'under_review', 'documents_requested') then
    raise exception 'a document cannot be requested from an application that is %', current_status using errcode = '23514';
  end if;
  insert into public.application_document_requests (application_id, kind, message) values (application, document_kind, coalesce(note, ''))
  returning id into created;
  perform set_config('app.status_note', left(coalesce(note, ''), 1000), true);
  if current_status = 'submitted' then
    update public.applications set status = 'under_review' where id = application;
  end if;
  update public.applications set status = 'documents_requested' where id = application and status <> 'documents_requested';
  perform set_config('app.status_note', '', true);
  return created;
end;
$$;

-- Decides one or many applications: under_review, admitted, waitlisted or rejected (with a
-- reason). A just-submitted file passes under review first, recorded as such. All or none.
create function public.decide_applications(applications uuid[], decision text, reason text default null)
  returns integer
  language plpgsql security invoker set search_path = ''
as $$
#variable_conflict use_variable
declare
  app record;
  done integer := 0;
begin
  if not private.is_admin() then
    raise exception 'only reviewers decide on applications' using errcode = '42501';
  end if;
  if decision not in ('under_review', 'admitted', 'waitlisted', 'rejected') then
    raise exception 'unknown decision %', decision using errcode = '22023';
  end if;
  if decision = 'rejected' and coalesce(trim(reason), '') = '' then
    raise exception 'a rejection needs a reason' using errcode = '23514';
  end if;
  if char_length(coalesce(reason, '')) > 1000 then
    raise exception 'the reason is longer than 1000 characters' using errcode = '23514';
  end if;
  for app in select id, status from public.applications where id = any (applications) order by id for update loop
    if app.status = 'submitted' and decision <> 'under_review' then
      update public.applications set status = 'under_review' where id = app.id;
    end if;
    perform set_config('app.status_note', coalesce(reason, ''), true);
    update public.applications
    set status = decision,
        decision_reason = case when decision in ('admitted', 'waitlisted', 'rejected') then nullif(trim(reason), '') else decision_reason end
    where id = app.id;
    perform set_config('app.status_note', '', true);
    done := done + 1;
  end loop;
  if done <> coalesce(cardinality(applications), 0) then
    raise exception 'no such application' using errcode = 'P0002';
  end if;
  return done;
end;
$$;

-- ---------------------------------------------------------------------------------
-- 6. Admission: an admitted applicant becomes a student, in one step.
alter table public.student_registrations drop constraint student_registrations_student_number_check;
alter table public.student_registrations add constraint student_registrations_student_number_check
  check (student_number ~ '^[A-Za-z0-9-]{3,40}$');

-- The last sequence number issued per academic year: only ever goes up, so a matricule is
-- never issued twice, even when a registration is deleted.
create table private.matricule_counters (
  academic_year_id uuid primary key references public.academic_years (id) on delete cascade,
  last_value integer not null default 0 check (last_value >= 0)
);
alter table private.matricule_counters enable row level security;
revoke all on private.matricule_counters from public, anon, authenticated;

create function private.next_matricule(year uuid, school_kind text) returns text
  language plpgsql security definer set search_path = ''
as $$
declare
  pattern text := (select s.matricule_pattern from public.institution_settings s);
  year_start integer := (select extract(year from y.starts_on)::integer from public.academic_years y where y.id = year);
  seq integer;
  candidate text;
begin
  loop
    insert into private.matricule_counters as c (academic_year_id, last_value) values (year, 1)
    on conflict (academic_year_id) do update set last_value = c.last_value + 1
    returning last_value into seq;
    candidate := upper(public.format_matricule(pattern, private.school_code(school_kind), year_start, seq));
    -- (numbers issued before the counter existed, by import or by hand, are skipped)
    exit when not exists (select 1 from public.student_registrations r where r.student_number = candidate);
  end loop;
  return candidate;
end;
$$;

create function public.admit_application(application uuid) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
declare
  app public.applications;
  year uuid;
  kind text;
  number text;
  registration uuid;
  enrolled integer;
begin
  if not private.is_admin() then
    raise exception 'only administrators admit applicants' using errcode = '42501';
  end if;
  -- The row lock makes a second admin wait, then see the first one's result.
  select * into app from public.applications a where a.id = application for update;
  if app.id is null then
    raise exception 'no such application' using errcode = 'P0002';
  end if;
  if app.status = 'enrolled' then
    select r.id, r.student_number into registration, number
    from public.student_registrations r where r.application_id = app.id;
    return jsonb_build_object('student_id', app.applicant_id, 'matricule', number, 'registration_id', registration, 'already', true);
  end if;
  if app.status <> 'admitted' then
    raise exception 'only an accepted application can be registered (this one is %)', app.status using errcode = '23514';
  end if;
  if app.applicant_id is null then
    raise exception 'the applicant has no account yet' using errcode = '23514';
  end if;
  year := coalesce(app.academic_year_id, (select y.id from public.academic_years y where y.is_current));
  if year is null then
    raise exception 'no academic year to register for' using errcode = 'P0002';
  end if;
  select s.kind into kind from public.schools s where s.id = private.application_school(app);
  if kind is null then
    raise exception 'the application names no programme' using errcode = '23514';
  end if;
  number := private.next_matricule(year, kind);

  insert into public.user_roles (user_id, role) values (app.applicant_id, 'student') on conflict do nothing;
  insert into public.student_registrations (student_id, academic_year_id, student_number, programme_id, specialty_id,
    level_code, professional_formation_id, extension_programme_id, application_id)
  values (app.applicant_id, year, number, app.programme_id, case when app.programme_id is not null then app.specialty_id end,
    case when app.programme_id is not null then app.level_code end, app.professional_formation_id, app.extension_programme_id, app.id)
  returning id into registration;

  -- The current semester's courses of its level (or of its formation / extension programme).
  insert into public.course_enrollments (course_id, user_id, status)
  select c.id, app.applicant_id, 'active'
  from public.courses c
  left join public.semesters s on s.id = c.semester_id
  where (c.semester_id is null or s.is_current)
    and ((app.programme_id is not null and c.programme_id = app.programme_id
          and c.level_code is not distinct from app.level_code
          and (c.specialty_id is null or c.specialty_id = app.specialty_id))
      or (app.professional_formation_id is not null and c.professional_formation_id = app.professional_formation_id)
      or (app.extension_programme_id is not null and c.extension_programme_id = app.extension_programme_id))
  on conflict (course_id, user_id) do nothing;
  get diagnostics enrolled = row_count;

  perform set_config('app.status_note', number, true);
  update public.applications set status = 'enrolled' where id = app.id;
  perform set_config('app.status_note', '', true);
  perform public.record_audit('admissions.admitted', 'application', app.id::text,
    jsonb_build_object('student_id', app.applicant_id, 'matricule', number, 'courses', enrolled));
  return jsonb_build_object('student_id', app.applicant_id, 'matricule', number, 'registration_id', registration,
    'courses', enrolled, 'already', false);
end;
$$;
comment on function public.admit_application(uuid) is
  'Admins: an accepted application becomes a student (role, matricule, registration, current courses) in one step; idempotent.';

-- ---------------------------------------------------------------------------------
-- 7. Counts per programme and status for the review pages (admins).
create function public.application_counts(international boolean default null) returns table (
  target_id uuid, target_fr text, target_en text, status text, n bigint)
  language sql stable security invoker set search_path = ''
as $$
  select coalesce(a.programme_id, a.professional_formation_id, a.extension_programme_id),
         coalesce(p.name_fr, f.name_fr, x.name_fr, '—'), coalesce(p.name_en, f.name_en, x.name_en, '—'),
         a.status, count(*)
  from public.applications a
  left join public.programmes p on p.id = a.programme_id
  left join public.professional_formations f on f.id = a.professional_formation_id
  left join public.extension_programmes x on x.id = a.extension_programme_id
  where a.status <> 'draft'
    and (international is null or (a.country <> 'CM' or a.kind = 'international') = international)
  group by 1, 2, 3, 4
  order by 2, 4;
$$;

revoke all on function private.application_missing(public.applications), private.application_school(public.applications),
  private.refuse_duplicate_application(), private.notify_application_status(), private.may_upload_to_application(uuid),
  private.owns_application(uuid), private.fulfil_document_requests(), private.can_access_application_file(text, text),
  private.next_matricule(uuid, text) from public;
grant execute on function private.may_upload_to_application(uuid), private.owns_application(uuid),
  private.can_access_application_file(text, text), private.application_missing(public.applications),
  private.application_school(public.applications) to authenticated, service_role;
revoke all on function private.current_academic_year() from public;
grant execute on function private.current_academic_year(), private.application_school(public.applications) to anon, authenticated, service_role;
revoke all on function public.request_application_document(uuid, text, text), public.decide_applications(uuid[], text, text),
  public.admit_application(uuid), public.application_counts(boolean) from public, anon;
grant execute on function public.request_application_document(uuid, text, text), public.decide_applications(uuid[], text, text),
  public.admit_application(uuid), public.application_counts(boolean) to authenticated;
