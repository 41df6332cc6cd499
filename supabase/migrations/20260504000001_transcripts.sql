-- Relevés de notes (issue 12, DOMAIN §2): a numbered document per student and published
-- deliberation, with a public verification code (MINESUP circular of 9 Mar 2023: issued
-- documents carry an identification number and can be checked).
--
-- * issue_transcript(deliberation): the student (or an admin for any student) gets the
--   relevé of a published session; issuing twice returns the same document. The snapshot
--   keeps what was printed; the number is RN-<year>-<6 digits>, from a sequence.
-- * verify_transcript(code): anyone, signed in or not: number, holder, semester, session,
--   issue date and whether it is still valid (not revoked, and not superseded by the
--   semester's resit session).
create sequence private.transcript_number_seq;

create table public.transcripts (
  id uuid primary key default gen_random_uuid(),
  number text not null unique,
  verification_code text not null unique default replace(gen_random_uuid()::text, '-', '')
    check (verification_code ~ '^[0-9a-f]{32}$'),
  student_id uuid not null references public.profiles (id) on delete cascade,
  deliberation_id uuid not null references public.deliberations (id) on delete cascade,
  snapshot jsonb not null check (jsonb_typeof(snapshot) = 'object'),
  issued_at timestamptz not null default now(),
  issued_by uuid references public.profiles (id) on delete set null,
  revoked_at timestamptz,
  unique (student_id, deliberation_id)
);
comment on table public.transcripts is 'Relevés de notes issued: number, verification code and what was printed.';
create index transcripts_deliberation_id_idx on public.transcripts (deliberation_id);
create index transcripts_issued_by_idx on public.transcripts (issued_by);

alter table public.transcripts enable row level security;
create policy "transcripts: the student and admins read" on public.transcripts for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.transcripts from anon;
revoke insert, update, delete, truncate, references, trigger on public.transcripts from authenticated;

create function public.issue_transcript(deliberation uuid, student uuid default null)
  returns table (number text, verification_code text, issued_at timestamptz, snapshot jsonb)
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_column
declare
  holder uuid := coalesce(student, private.acting_user());
  result public.frozen_results;
  d public.deliberations;
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
  insert into public.transcripts (number, student_id, deliberation_id, issued_by, snapshot)
  select 'RN-' || to_char(now() at time zone 'Africa/Douala', 'YYYY') || '-' || lpad(nextval('private.transcript_number_seq')::text, 6, '0'),
    holder, deliberation, private.acting_user(),
    jsonb_build_object(
      'institution', i.name, 'niu', i.niu,
      'holder', p.full_name,
      'matricule', (select r.student_number from public.student_registrations r where r.student_id = holder
                    order by r.registered_at desc limit 1),
      'semester_fr', s.name_fr, 'semester_en', s.name_en, 'academic_year', y.label, 'session', d.session,
      'average', result.average, 'gpa', result.gpa, 'credits_earned', result.credits_earned,
      'credits_total', result.credits_total, 'mention', result.mention, 'decision', result.decision,
      'units', result.units)
  from public.institution_settings i, public.profiles p, public.semesters s, public.academic_years y
  where i.id and p.id = holder and s.id = d.semester_id and y.id = s.academic_year_id
  on conflict (student_id, deliberation_id) do nothing;
  return query select t.number, t.verification_code, t.issued_at, t.snapshot from public.transcripts t
    where t.student_id = holder and t.deliberation_id = deliberation;
end;
$$;
revoke all on function public.issue_transcript(uuid, uuid) from public, anon;
grant execute on function public.issue_transcript(uuid, uuid) to authenticated;

create function public.verify_transcript(code text)
  returns table (number text, holder text, semester_fr text, semester_en text, academic_year text,
                 session text, issued_at timestamptz, institution text, valid boolean)
  language sql stable security definer set search_path = ''
as $$
  select t.number, t.snapshot ->> 'holder', t.snapshot ->> 'semester_fr', t.snapshot ->> 'semester_en',
    t.snapshot ->> 'academic_year', t.snapshot ->> 'session', t.issued_at, t.snapshot ->> 'institution',
    t.revoked_at is null and not exists (
      select 1 from public.deliberations later join public.deliberations d on d.id = t.deliberation_id
      where later.semester_id = d.semester_id and d.session = 'normal' and later.session = 'resit'
        and later.published_at is not null)
  from public.transcripts t
  where code ~ '^[0-9a-f]{32}$' and t.verification_code = code;
$$;
revoke all on function public.verify_transcript(text) from public;
grant execute on function public.verify_transcript(text) to anon, authenticated, service_role;
