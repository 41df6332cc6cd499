-- The registrar's record is the identity on documents (issue 20 item 1, issue 19 item 9,
-- security review H2). A student edits profiles.full_name; it must not be able to put any
-- name it likes on a relevé, a certificate of enrolment or a receipt that the public
-- verification then confirms.
--
-- * public.student_identities: the holder's legal name, date and place of birth as the
--   registrar recorded them. Filled when a registration is created (from the application
--   it came from, else the student's admitted application, else the name the account had
--   when an admin registered it); backfilled here for existing students. Students read
--   their own; only admins change it, through set_student_identity (audited) or by
--   approving a correction request.
-- * public.identity_correction_requests: a student proposes a corrected legal name / birth
--   data with a justification; the registrar approves (the record changes) or rejects it
--   with a reason, both audited. One pending request per student.
-- * Documents read the record, never the profile; the matricule is the registration's
--   student_number. What was printed stays in each document's snapshot, so documents
--   issued before a correction keep their identity and their verification shows it; the
--   next issue of the same document (relevé of a session, certificate of a registration)
--   supersedes the old one (revoked) with the corrected identity.

-- ---------------------------------------------------------------------------------
-- The record.
create table public.student_identities (
  student_id uuid primary key references public.profiles (id) on delete cascade,
  legal_name text not null check (legal_name = btrim(legal_name) and char_length(legal_name) between 2 and 200),
  birth_date date check (birth_date is null or birth_date >= date '1900-01-01'),
  birth_place text check (birth_place is null or (birth_place = btrim(birth_place) and char_length(birth_place) between 1 and 100)),
  -- Where the record came from: the application, the registration (account name when an
  -- admin registered it), or a registrar's decision.
  source text not null check (source in ('application', 'registration', 'registrar')),
  updated_at timestamptz not null default now(),
  updated_by uuid references public.profiles (id) on delete set null
);
comment on table public.student_identities is 'The registrar''s record of a student''s civil identity (legal name, birth date and place): what documents print. Students read their own; admins change it, audited.';
create index student_identities_updated_by_idx on public.student_identities (updated_by);
alter table public.student_identities enable row level security;
create policy "student_identities: the student and admins read" on public.student_identities for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.student_identities from anon;
revoke insert, update, delete, truncate, references, trigger on public.student_identities from authenticated;

-- What the admission file says about a student: the application a registration came from,
-- else its latest admitted/enrolled application; null when there is none.
create function private.application_identity(student uuid, application uuid)
  returns table (full_name text, birth_date date, birth_place text)
  language sql stable security definer set search_path = ''
as $$
  select btrim(a.full_name), a.birth_date, nullif(btrim(a.details -> 'identity' ->> 'birthPlace'), '')
  from public.applications a
  where a.id = application or (a.applicant_id = student and a.status in ('admitted', 'enrolled'))
  order by coalesce(a.id = application, false) desc, a.submitted_at desc
  limit 1;
$$;

-- A new registration brings its record, unless the student already has one (a
-- re-registration keeps the registrar's record).
create function private.record_student_identity() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  insert into public.student_identities (student_id, legal_name, birth_date, birth_place, source, updated_by)
  select new.student_id, coalesce(a.full_name, btrim(p.full_name)), a.birth_date, left(a.birth_place, 100),
    case when a.full_name is null then 'registration' else 'application' end, private.acting_user()
  from public.profiles p
  left join lateral private.application_identity(new.student_id, new.application_id) a on true
  where p.id = new.student_id and char_length(coalesce(a.full_name, btrim(p.full_name))) between 2 and 200
  on conflict (student_id) do nothing;
  return new;
end;
$$;
create trigger student_registrations_identity after insert on public.student_registrations
  for each row execute function private.record_student_identity();
revoke all on function private.application_identity(uuid, uuid), private.record_student_identity() from public;

-- Existing students: the same rule, from their latest registration.
insert into public.student_identities (student_id, legal_name, birth_date, birth_place, source)
select r.student_id, coalesce(a.full_name, btrim(p.full_name)), a.birth_date, left(a.birth_place, 100),
  case when a.full_name is null then 'registration' else 'application' end
from (select distinct on (student_id) student_id, application_id from public.student_registrations
      order by student_id, registered_at desc) r
join public.profiles p on p.id = r.student_id
left join lateral private.application_identity(r.student_id, r.application_id) a on true
where char_length(coalesce(a.full_name, btrim(p.full_name))) between 2 and 200
on conflict (student_id) do nothing;

-- The record of a student, for documents.
create function private.registrar_identity(student uuid) returns public.student_identities
  language sql stable security definer set search_path = ''
as $$
  select * from public.student_identities i where i.student_id = student;
$$;
revoke all on function private.registrar_identity(uuid) from public;

-- Checks shared by the admin's direct change and an approved request.
create function private.check_identity(legal_name text, birth_date date, birth_place text) returns void
  language plpgsql stable set search_path = ''
as $$
begin
  if legal_name is null or char_length(btrim(legal_name)) not between 2 and 200 then
    raise exception 'the legal name must have 2 to 200 characters' using errcode = '22023';
  end if;
  if birth_date is not null and (birth_date < date '1900-01-01' or birth_date > (now() at time zone 'Africa/Douala')::date) then
    raise exception 'the birth date is not plausible' using errcode = '22023';
  end if;
  if birth_place is not null and char_length(btrim(birth_place)) > 100 then
    raise exception 'the place of birth has at most 100 characters' using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.check_identity(text, date, text) from public;

-- An admin (the registrar) sets a student's record, with a reason; audited with the old and
-- new values.
create function public.set_student_identity(student uuid, legal_name text, birth_date date, birth_place text, reason text)
  returns public.student_identities
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  previous public.student_identities;
  saved public.student_identities;
begin
  if not private.is_admin() then
    raise exception 'only the registrar changes a student''s identity' using errcode = '42501';
  end if;
  if reason is null or char_length(btrim(reason)) not between 5 and 500 then
    raise exception 'say why the identity changes (5 to 500 characters)' using errcode = '22023';
  end if;
  perform private.check_identity(legal_name, birth_date, birth_place);
  if not exists (select 1 from public.student_registrations r where r.student_id = student) then
    raise exception 'this person is not a registered student' using errcode = 'P0002';
  end if;
  select * into previous from public.student_identities i where i.student_id = student for update;
  insert into public.student_identities as i (student_id, legal_name, birth_date, birth_place, source, updated_at, updated_by)
  values (student, btrim(legal_name), birth_date, nullif(btrim(birth_place), ''), 'registrar', now(), private.acting_user())
  on conflict (student_id) do update set legal_name = excluded.legal_name, birth_date = excluded.birth_date,
    birth_place = excluded.birth_place, source = 'registrar', updated_at = now(), updated_by = excluded.updated_by
  returning * into saved;
  perform public.record_audit('identity.changed', 'student', student::text, jsonb_build_object(
    'reason', btrim(reason),
    'before', jsonb_build_object('legal_name', previous.legal_name, 'birth_date', previous.birth_date, 'birth_place', previous.birth_place),
    'after', jsonb_build_object('legal_name', saved.legal_name, 'birth_date', saved.birth_date, 'birth_place', saved.birth_place)));
  return saved;
end;
$$;
revoke all on function public.set_student_identity(uuid, text, date, text, text) from public, anon;
grant execute on function public.set_student_identity(uuid, text, date, text, text) to authenticated;

-- ---------------------------------------------------------------------------------
-- Correction requests.
create table public.identity_correction_requests (
  id uuid primary key default gen_random_uuid(),
  -- A request corrects a record: only a student the registrar has one for may ask.
  student_id uuid not null references public.student_identities (student_id) on delete cascade,
  -- The record as the student says it should read (all three, prefilled from the record).
  legal_name text not null check (char_length(legal_name) between 2 and 200),
  birth_date date,
  birth_place text check (birth_place is null or char_length(birth_place) between 1 and 100),
  reason text not null check (char_length(reason) between 10 and 1000),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected', 'withdrawn')),
  requested_at timestamptz not null default now(),
  decided_at timestamptz,
  decided_by uuid references public.profiles (id) on delete set null,
  decision_note text check (decision_note is null or char_length(decision_note) between 2 and 500),
  check ((status = 'pending') = (decided_at is null)),
  check (status <> 'rejected' or decision_note is not null)
);
comment on table public.identity_correction_requests is 'A student''s request to correct its registrar record (legal name, birth date and place), with its justification and the registrar''s decision.';
create unique index identity_correction_requests_one_pending on public.identity_correction_requests (student_id) where status = 'pending';
create index identity_correction_requests_student_id_idx on public.identity_correction_requests (student_id, requested_at desc);
create index identity_correction_requests_decided_by_idx on public.identity_correction_requests (decided_by);
create index identity_correction_requests_pending_idx on public.identity_correction_requests (requested_at) where status = 'pending';
alter table public.identity_correction_requests enable row level security;
create policy "identity_correction_requests: the student and admins read" on public.identity_correction_requests for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.identity_correction_requests from anon;
revoke insert, update, delete, truncate, references, trigger on public.identity_correction_requests from authenticated;

-- The student asks (one pending request at a time).
create function public.request_identity_correction(legal_name text, birth_date date, birth_place text, reason text)
  returns public.identity_correction_requests
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  me uuid := private.acting_user();
  recorded public.student_identities;
  made public.identity_correction_requests;
begin
  select * into recorded from public.student_identities i where i.student_id = me;
  if me is null or recorded.student_id is null then
    raise exception 'only a registered student asks for a correction of its record' using errcode = '42501';
  end if;
  if reason is null or char_length(btrim(reason)) not between 10 and 1000 then
    raise exception 'justify the correction (10 to 1000 characters)' using errcode = '22023';
  end if;
  perform private.check_identity(legal_name, birth_date, birth_place);
  if (btrim(legal_name), birth_date, nullif(btrim(birth_place), '')) is not distinct from (recorded.legal_name, recorded.birth_date, recorded.birth_place) then
    raise exception 'this is already what the record says' using errcode = '22023';
  end if;
  if exists (select 1 from public.identity_correction_requests r where r.student_id = me and r.status = 'pending') then
    raise exception 'a correction request is already waiting for the registrar' using errcode = '23505';
  end if;
  insert into public.identity_correction_requests (student_id, legal_name, birth_date, birth_place, reason)
  values (me, btrim(legal_name), birth_date, nullif(btrim(birth_place), ''), btrim(reason))
  returning * into made;
  return made;
end;
$$;

-- The student withdraws its pending request.
create function public.withdraw_identity_correction(request uuid) returns public.identity_correction_requests
  language plpgsql security definer set search_path = ''
as $$
declare
  done public.identity_correction_requests;
begin
  update public.identity_correction_requests r set status = 'withdrawn', decided_at = now(), decided_by = private.acting_user()
  where r.id = request and r.student_id = private.acting_user() and r.status = 'pending'
  returning * into done;
  if done.id is null then
    raise exception 'no pending request of yours' using errcode = 'P0002';
  end if;
  return done;
end;
$$;

-- The registrar decides; approving changes the record. Both audited.
create function public.decide_identity_correction(request uuid, approve boolean, note text default null)
  returns public.identity_correction_requests
  language plpgsql security definer set search_path = ''
as $$
declare
  req public.identity_correction_requests;
  previous public.student_identities;
begin
  if not private.is_admin() then
    raise exception 'only the registrar decides a correction' using errcode = '42501';
  end if;
  select * into req from public.identity_correction_requests r where r.id = request for update;
  if req.id is null then
    raise exception 'no such request' using errcode = 'P0002';
  end if;
  if req.status <> 'pending' then
    raise exception 'this request was already %', req.status using errcode = 'PT409';
  end if;
  if approve is null then
    raise exception 'approve or reject' using errcode = '22023';
  end if;
  if not approve and (note is null or char_length(btrim(note)) not between 2 and 500) then
    raise exception 'say why the request is rejected (2 to 500 characters)' using errcode = '22023';
  end if;
  if approve then
    select * into previous from public.student_identities i where i.student_id = req.student_id for update;
    update public.student_identities i set legal_name = req.legal_name, birth_date = req.birth_date,
      birth_place = req.birth_place, source = 'registrar', updated_at = now(), updated_by = private.acting_user()
    where i.student_id = req.student_id;
  end if;
  update public.identity_correction_requests r set status = case when approve then 'approved' else 'rejected' end,
    decided_at = now(), decided_by = private.acting_user(), decision_note = nullif(btrim(coalesce(note, '')), '')
  where r.id = request
  returning * into req;
  perform public.record_audit(case when approve then 'identity.correction_approved' else 'identity.correction_rejected' end,
    'student', req.student_id::text, jsonb_build_object(
      'request_id', req.id, 'reason', req.reason, 'note', req.decision_note,
      'before', case when approve then jsonb_build_object('legal_name', previous.legal_name, 'birth_date', previous.birth_date, 'birth_place', previous.birth_place) end,
      'after', jsonb_build_object('legal_name', req.legal_name, 'birth_date', req.birth_date, 'birth_place', req.birth_place)));
  return req;
end;
$$;
revoke all on function public.request_identity_correction(text, date, text, text), public.withdraw_identity_correction(uuid),
  public.decide_identity_correction(uuid, boolean, text) from public, anon;
grant execute on function public.request_identity_correction(text, date, text, text), public.withdraw_identity_correction(uuid),
  public.decide_identity_correction(uuid, boolean, text) to authenticated;

-- ---------------------------------------------------------------------------------
-- The signatory and the institution's identifiers printed on the relevé (settings).
alter table public.institution_settings
  add column authorization_ref text check (authorization_ref is null or char_length(authorization_ref) between 2 and 200),
  add column signatory_name text check (signatory_name is null or char_length(signatory_name) between 2 and 120),
  add column signatory_title_fr text check (signatory_title_fr is null or char_length(signatory_title_fr) between 2 and 120),
  add column signatory_title_en text check (signatory_title_en is null or char_length(signatory_title_en) between 2 and 120);
comment on column public.institution_settings.authorization_ref is 'The institution''s opening authorisation (e.g. MINESUP arrêté number), printed on relevés.';
comment on column public.institution_settings.signatory_name is 'Who signs relevés de notes (e.g. the head of the registrar''s office).';

-- ---------------------------------------------------------------------------------
-- A document is issued once per (student, session) / registration while it stands; a new
-- issue after the registrar corrected the identity supersedes it (the old one is revoked,
-- keeps its snapshot and still verifies as "no longer valid").
alter table public.transcripts drop constraint transcripts_student_id_deliberation_id_key;
create unique index transcripts_one_live on public.transcripts (student_id, deliberation_id) where revoked_at is null;
create index transcripts_student_id_idx on public.transcripts (student_id, deliberation_id);
alter table public.enrolment_certificates drop constraint enrolment_certificates_registration_id_key;
create unique index enrolment_certificates_one_live on public.enrolment_certificates (registration_id) where revoked_at is null;
create index enrolment_certificates_registration_id_idx on public.enrolment_certificates (registration_id);

-- The identity a document prints, to compare a live document with the record.
create function private.identity_of(snapshot jsonb) returns jsonb
  language sql immutable set search_path = ''
as $$
  select jsonb_build_object('holder', snapshot -> 'holder', 'birth_date', snapshot -> 'birth_date',
                            'birth_place', snapshot -> 'birth_place', 'matricule', snapshot -> 'matricule');
$$;
revoke all on function private.identity_of(jsonb) from public;

-- A UE's decision code on a relevé (DOMAIN §1): CA capitalisée (validated on its average),
-- CANT capitalisée non transférable (validated by compensation), I incomplet (a mark is
-- missing), R à reprendre (not validated: the resit, or the next year after the resit).
create function private.unit_code(unit jsonb) returns text
  language sql immutable set search_path = ''
as $$
  select case unit ->> 'validated_by' when 'average' then 'CA' when 'compensation' then 'CANT'
    else case when unit -> 'average' is null or jsonb_typeof(unit -> 'average') = 'null' then 'I' else 'R' end end;
$$;
revoke all on function private.unit_code(jsonb) from public;

-- ---------------------------------------------------------------------------------
-- The relevé: the registrar's identity, programme and level of the semester's year, every
-- UE with its ECs and decision code, the semester's result, and the signatory.
create or replace function public.issue_transcript(deliberation uuid, student uuid default null)
  returns table (number text, verification_code text, issued_at timestamptz, snapshot jsonb)
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_column
declare
  holder uuid := coalesce(student, private.acting_user());
  result public.frozen_results;
  d public.deliberations;
  who public.student_identities;
  fresh jsonb;
  live public.transcripts;
begin
  if holder is null then
    raise exception 'whose relevé?' using errcode = '22023';
  end if;
  if private.acting_user() is not null and holder <> private.acting_user() and not private.is_admin() then
    raise exception 'a student gets only its own relevé' using errcode = '42501';
  end if;
  select * into d from public.deliberations where id = deliberation;
  if d.id is null or d.published_at is null then
    raise exception 'these results are not published' using errcode = 'P0002';
  end if;
  select * into result from public.frozen_results f where f.deliberation_id = deliberation and f.student_id = holder;
  if result.student_id is null then
    raise exception 'no result for this student in this session' using errcode = 'P0002';
  end if;
  who := private.registrar_identity(holder);
  if who.student_id is null then
    raise exception 'the registrar has no record of this student''s identity' using errcode = 'P0002';
  end if;
  -- Two clicks at once: the second waits and returns the first one's relevé.
  perform pg_advisory_xact_lock(hashtext('transcript:' || holder || ':' || deliberation));
  select jsonb_build_object(
      'institution', i.name, 'niu', i.niu, 'authorization_ref', i.authorization_ref, 'postal_address', i.postal_address,
      'holder', who.legal_name, 'birth_date', who.birth_date, 'birth_place', who.birth_place,
      'matricule', reg.student_number,
      'programme_fr', coalesce(pr.name_fr, f.name_fr, x.name_fr), 'programme_en', coalesce(pr.name_en, f.name_en, x.name_en),
      'specialty_fr', sp.name_fr, 'specialty_en', sp.name_en, 'level_fr', l.name_fr, 'level_en', l.name_en,
      'semester_fr', s.name_fr, 'semester_en', s.name_en, 'academic_year', y.label, 'session', d.session,
      'average', result.average, 'gpa', result.gpa, 'credits_earned', result.credits_earned,
      'credits_total', result.credits_total, 'mention', result.mention, 'decision', result.decision,
      'units', (select coalesce(jsonb_agg(u || jsonb_build_object('decision_code', private.unit_code(u)) order by n), '[]'::jsonb)
                from jsonb_array_elements(result.units) with ordinality as e (u, n)),
      'signatory_name', i.signatory_name, 'signatory_title_fr', i.signatory_title_fr, 'signatory_title_en', i.signatory_title_en)
    into fresh
  from public.institution_settings i
  cross join public.semesters s
  join public.academic_years y on y.id = s.academic_year_id
  left join lateral (select r.* from public.student_registrations r where r.student_id = holder
                     order by (r.academic_year_id = y.id) desc, r.registered_at desc limit 1) reg on true
  left join public.programmes pr on pr.id = reg.programme_id
  left join public.specialties sp on sp.id = reg.specialty_id
  left join public.professional_formations f on f.id = reg.professional_formation_id
  left join public.extension_programmes x on x.id = reg.extension_programme_id
  left join public.levels l on l.code = reg.level_code
  where i.id and s.id = d.semester_id;

  select * into live from public.transcripts t
  where t.student_id = holder and t.deliberation_id = deliberation and t.revoked_at is null;
  if live.id is not null and private.identity_of(live.snapshot) is distinct from private.identity_of(fresh) then
    -- The registrar corrected the identity since: the old relevé is superseded.
    update public.transcripts t set revoked_at = now() where t.id = live.id;
    live := null;
  end if;
  if live.id is null then
    insert into public.transcripts (number, student_id, deliberation_id, issued_by, snapshot)
    values ('RN-' || to_char(now() at time zone 'Africa/Douala', 'YYYY') || '-' || lpad(nextval('private.transcript_number_seq')::text, 6, '0'),
      holder, deliberation, private.acting_user(), fresh);
  end if;
  return query select t.number, t.verification_code, t.issued_at, t.snapshot from public.transcripts t
    where t.student_id = holder and t.deliberation_id = deliberation and t.revoked_at is null;
end;
$$;

-- Anyone: what the relevé certifies — the holder (the registrar's name as printed), the
-- programme, level, semester and session, each UE's credits, average and decision code, and
-- the semester's average, credits, mention and decision — so a copy whose figures were
-- altered shows the difference at a glance. Nothing more: no matricule, no birth data, no
-- EC marks.
drop function public.verify_transcript(text);
create function public.verify_transcript(code text)
  returns table (number text, holder text, semester_fr text, semester_en text, academic_year text,
                 session text, issued_at timestamptz, institution text, valid boolean,
                 programme_fr text, programme_en text, level_fr text, level_en text,
                 average numeric, credits_earned integer, credits_total integer, mention jsonb, decision text, units jsonb)
  language sql stable security definer set search_path = ''
as $$
  select t.number, t.snapshot ->> 'holder', t.snapshot ->> 'semester_fr', t.snapshot ->> 'semester_en',
    t.snapshot ->> 'academic_year', t.snapshot ->> 'session', t.issued_at, t.snapshot ->> 'institution',
    t.revoked_at is null and not exists (
      select 1 from public.deliberations later join public.deliberations d on d.id = t.deliberation_id
      where later.semester_id = d.semester_id and d.session = 'normal' and later.session = 'resit'
        and later.published_at is not null),
    t.snapshot ->> 'programme_fr', t.snapshot ->> 'programme_en', t.snapshot ->> 'level_fr', t.snapshot ->> 'level_en',
    (t.snapshot ->> 'average')::numeric, (t.snapshot ->> 'credits_earned')::integer, (t.snapshot ->> 'credits_total')::integer,
    t.snapshot -> 'mention', t.snapshot ->> 'decision',
    (select coalesce(jsonb_agg(jsonb_build_object('code', u ->> 'code', 'title_fr', u ->> 'title_fr', 'title_en', u ->> 'title_en',
        'credits', u -> 'credits', 'average', u -> 'average', 'decision_code', coalesce(u ->> 'decision_code', private.unit_code(u))) order by n), '[]'::jsonb)
     from jsonb_array_elements(coalesce(t.snapshot -> 'units', '[]'::jsonb)) with ordinality as e (u, n))
  from public.transcripts t
  where code ~ '^[0-9a-f]{32}$' and t.verification_code = code;
$$;
revoke all on function public.verify_transcript(text) from public;
grant execute on function public.verify_transcript(text) to anon, authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- The certificate of enrolment: the registrar's identity.
create or replace function public.issue_enrolment_certificate(registration uuid)
  returns table (number text, verification_code text, issued_at timestamptz, snapshot jsonb)
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_column
declare
  reg public.student_registrations;
  seq integer;
  year_start text;
  who public.student_identities;
  fresh jsonb;
  live public.enrolment_certificates;
begin
  select * into reg from public.student_registrations r where r.id = registration;
  if reg.id is null or (private.acting_user() is not null and reg.student_id <> private.acting_user() and not private.is_admin()) then
    raise exception 'no such registration' using errcode = 'P0002';
  end if;
  who := private.registrar_identity(reg.student_id);
  if who.student_id is null then
    raise exception 'the registrar has no record of this student''s identity' using errcode = 'P0002';
  end if;
  -- Two clicks at once: the second waits and returns the first one's certificate.
  perform pg_advisory_xact_lock(hashtext('enrolment_certificate:' || registration));
  select jsonb_build_object(
      'institution', i.name, 'niu', i.niu, 'holder', who.legal_name, 'matricule', reg.student_number,
      'birth_date', who.birth_date, 'birth_place', who.birth_place,
      'programme_fr', pr.name_fr, 'programme_en', pr.name_en,
      'specialty_fr', sp.name_fr, 'specialty_en', sp.name_en,
      'formation_fr', f.name_fr, 'formation_en', f.name_en, 'extension_fr', x.name_fr, 'extension_en', x.name_en,
      'level_fr', l.name_fr, 'level_en', l.name_en, 'academic_year', y.label, 'registered_at', reg.registered_at)
    into fresh
  from public.institution_settings i
  cross join public.academic_years y
  left join public.programmes pr on pr.id = reg.programme_id
  left join public.specialties sp on sp.id = reg.specialty_id
  left join public.professional_formations f on f.id = reg.professional_formation_id
  left join public.extension_programmes x on x.id = reg.extension_programme_id
  left join public.levels l on l.code = reg.level_code
  where i.id and y.id = reg.academic_year_id;

  select * into live from public.enrolment_certificates c where c.registration_id = registration and c.revoked_at is null;
  if live.id is not null and private.identity_of(live.snapshot) is distinct from private.identity_of(fresh) then
    -- The registrar corrected the identity since: the old certificate is superseded.
    update public.enrolment_certificates c set revoked_at = now() where c.id = live.id;
    live := null;
  end if;
  if live.id is null then
    if reg.status <> 'active' then
      raise exception 'this registration is %: no certificate of enrolment', reg.status using errcode = '23514';
    end if;
    insert into private.certificate_counters as c (academic_year_id, last_value) values (reg.academic_year_id, 1)
    on conflict (academic_year_id) do update set last_value = c.last_value + 1
    returning last_value into seq;
    year_start := (select extract(year from y.starts_on)::integer::text from public.academic_years y where y.id = reg.academic_year_id);
    insert into public.enrolment_certificates (number, sequence, registration_id, student_id, academic_year_id, issued_by, snapshot)
    values ('AI-' || year_start || '-' || lpad(seq::text, 5, '0'), seq, reg.id, reg.student_id, reg.academic_year_id,
      private.acting_user(), fresh);
    if private.is_admin() then
      perform public.record_audit('admissions.certificate_issued', 'student_registration', reg.id::text,
        jsonb_build_object('student_id', reg.student_id, 'sequence', seq));
    end if;
  end if;
  return query select c.number, c.verification_code, c.issued_at, c.snapshot
    from public.enrolment_certificates c where c.registration_id = registration and c.revoked_at is null;
end;
$$;

-- ---------------------------------------------------------------------------------
-- Receipts: the payer is the registrar's record (legal name, matricule of the bill's
-- year) or, for an application fee, the applicant as the application names it — never
-- the editable profile. A payment the simulator settled says so.
create or replace function private.receipt_details(p public.payments) returns jsonb
  language sql stable security definer set search_path = ''
as $$
  select jsonb_strip_nulls(jsonb_build_object(
    'institution', (select name from public.institution_settings limit 1),
    'niu', (select niu from public.institution_settings limit 1),
    'payer', case when p.application_id is not null and p.purpose = 'application_fee'
                  then (select btrim(a.full_name) from public.applications a where a.id = p.application_id)
                  else (select i.legal_name from public.student_identities i where i.student_id = p.student_id) end,
    'matricule', (select r.student_number from public.student_registrations r
                  where r.student_id = p.student_id and r.student_number is not null
                  order by (r.academic_year_id = (select fs.academic_year_id from public.student_fees sf
                                                   join public.fee_schedules fs on fs.id = sf.fee_schedule_id
                                                   where sf.id = p.student_fee_id)) desc nulls last,
                           r.registered_at desc limit 1),
    'academic_year', (select ay.label from public.student_fees sf
                      join public.fee_schedules fs on fs.id = sf.fee_schedule_id
                      join public.academic_years ay on ay.id = fs.academic_year_id
                      where sf.id = p.student_fee_id),
    'item_fr', case when p.purpose = 'application_fee' then 'Frais de candidature'
                    when p.instalment_id is null then 'Frais d''inscription'
                    else (select fi.label_fr from public.fee_instalments fi where fi.id = p.instalment_id) end,
    'item_en', case when p.purpose = 'application_fee' then 'Application fee'
                    when p.instalment_id is null then 'Registration fee'
                    else (select fi.label_en from public.fee_instalments fi where fi.id = p.instalment_id) end,
    'instalment', (select fi.position from public.fee_instalments fi where fi.id = p.instalment_id),
    'instalments', (select count(*) from public.fee_instalments a join public.fee_instalments fi
                    on fi.fee_schedule_id = a.fee_schedule_id where fi.id = p.instalment_id),
    'balance_xaf', (select b.balance_xaf from public.student_balances b where b.student_id = p.student_id),
    'channel', p.method,
    'operator_reference', p.reference,
    'paid_at', p.paid_at,
    'simulated', case when p.provider = 'simulator' then true end
  ));
$$;
revoke all on function private.receipt_details(public.payments) from public;

-- Public verification: adds whether the payment was simulated (no money moved).
drop function public.verify_receipt(text);
create function public.verify_receipt(code text) returns table (
  number text, kind text, issued_at timestamptz, amount_xaf integer, academic_year text,
  item_fr text, item_en text, payer_initials text, institution text, cancelled_by text, simulated boolean)
  language sql stable security definer set search_path = ''
as $$
  select r.number, r.kind, r.issued_at, r.amount_xaf, r.details ->> 'academic_year',
    r.details ->> 'item_fr', r.details ->> 'item_en',
    (select string_agg(left(w, 1) || '.', ' ') from regexp_split_to_table(coalesce(r.details ->> 'payer', ''), '\s+') w where w <> ''),
    r.details ->> 'institution',
    (select c.number from public.receipts c where c.cancels_receipt_id = r.id),
    coalesce((r.details ->> 'simulated')::boolean, false)
      or exists (select 1 from public.payments p where p.id = r.payment_id and p.provider = 'simulator')
  from public.receipts r
  where code ~ '^[0-9a-f]{32}$' and r.verification_code = code;
$$;
revoke all on function public.verify_receipt(text) from public;
grant execute on function public.verify_receipt(text) to anon, authenticated, service_role;
