-- Course proposals (issue 11, teacher/courses/new): a teacher proposes a course; an admin
-- approves it (the course is created, published, with the proposer as its teacher) or
-- refuses it with a reason. The status moves only pending → approved | rejected, through
-- decide_course_proposal() (admins only, audited); nobody edits a decided proposal.
create table public.course_proposals (
  id uuid primary key default gen_random_uuid(),
  proposed_by uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  code text not null check (code ~ '^[A-Z0-9-]{2,20}$'),
  title text not null check (char_length(title) between 1 and 200),
  description text not null default '' check (char_length(description) <= 5000),
  language text not null default 'fr' check (language in ('fr', 'en')),
  school_id uuid not null references public.schools (id) on delete restrict,
  semester_id uuid references public.semesters (id) on delete set null,
  credits smallint not null default 3 check (credits between 1 and 30),
  status text not null default 'pending' check (status in ('pending', 'approved', 'rejected')),
  decision_note text check (decision_note is null or char_length(decision_note) <= 2000),
  decided_by uuid references public.profiles (id) on delete set null,
  decided_at timestamptz,
  course_id uuid references public.courses (id) on delete set null,
  created_at timestamptz not null default now(),
  check ((status = 'pending') = (decided_at is null)),
  check (status <> 'approved' or course_id is not null)
);
comment on table public.course_proposals is 'A course proposed by a teacher; an admin approves (creating the course) or refuses it.';
create index course_proposals_proposed_by_idx on public.course_proposals (proposed_by);
create index course_proposals_school_id_idx on public.course_proposals (school_id);
create index course_proposals_semester_id_idx on public.course_proposals (semester_id);
create index course_proposals_decided_by_idx on public.course_proposals (decided_by);
create index course_proposals_course_id_idx on public.course_proposals (course_id);
create index course_proposals_status_idx on public.course_proposals (status, created_at);
create trigger course_proposals_stamp before insert or update on public.course_proposals
  for each row execute function private.stamp_row('proposed_by');

alter table public.course_proposals enable row level security;
create policy "course_proposals: the proposer and admins read" on public.course_proposals for select to authenticated
  using (proposed_by = (select auth.uid()) or (select private.is_admin()));
-- A teacher proposes in its own name, as pending; the decision columns stay empty.
create policy "course_proposals: teachers propose" on public.course_proposals for insert to authenticated
  with check (proposed_by = (select auth.uid()) and (select private.has_role('teacher'))
              and status = 'pending' and decided_by is null and decided_at is null and course_id is null
              and decision_note is null);
create policy "course_proposals: the proposer withdraws a pending one" on public.course_proposals for delete to authenticated
  using (proposed_by = (select auth.uid()) and status = 'pending');
revoke all on public.course_proposals from anon;
revoke update, truncate, references, trigger on public.course_proposals from authenticated;

create function public.decide_course_proposal(proposal uuid, approve boolean, note text default null)
  returns uuid
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  p public.course_proposals;
  created uuid;
begin
  if not private.is_admin() then
    raise exception 'only administrators decide on course proposals' using errcode = '42501';
  end if;
  select * into p from public.course_proposals cp where cp.id = proposal for update;
  if p.id is null then
    raise exception 'unknown proposal' using errcode = '22023';
  end if;
  if p.status <> 'pending' then
    raise exception 'this proposal was already decided' using errcode = '22023';
  end if;
  if not approve and coalesce(btrim(note), '') = '' then
    raise exception 'give the reason of a refusal' using errcode = '22023';
  end if;
  if approve then
    if exists (select 1 from public.courses c where c.code = p.code) then
      raise exception 'a course with this code exists already' using errcode = '23505';
    end if;
    insert into public.courses (code, title, description, language, school_id, semester_id, teacher_id, credits, is_published)
    values (p.code, p.title, p.description, p.language, p.school_id, p.semester_id, p.proposed_by, p.credits, true)
    returning id into created;
  end if;
  update public.course_proposals cp
     set status = case when approve then 'approved' else 'rejected' end,
         decision_note = nullif(btrim(note), ''), decided_by = (select auth.uid()), decided_at = now(), course_id = created
   where cp.id = proposal;
  perform public.record_audit(case when approve then 'course.proposal_approved' else 'course.proposal_rejected' end,
    'course_proposal', proposal::text, jsonb_build_object('code', p.code, 'course_id', created));
  return created;
end;
$$;
comment on function public.decide_course_proposal(uuid, boolean, text) is
  'Admins: approve a pending course proposal (creates the published course, the proposer teaching it) or refuse it with a reason.';
revoke all on function public.decide_course_proposal(uuid, boolean, text) from public, anon;
grant execute on function public.decide_course_proposal(uuid, boolean, text) to authenticated;
