-- Partner courses (issue 11, admin/harvard-online and /admin/harvard-online): the online
-- courses a partner — Harvard Online by default — offers our students, with a number of
-- seats, and the students' enrolment requests. A student with an active registration this
-- academic year asks for a seat while the course takes requests; admins approve, put on
-- the waiting list or reject (with a reason); the student can withdraw. Approvals never
-- exceed the seats: each one locks its course row and counts the approved requests first,
-- so two admins approving the last seat at once get one approval and one refusal.

-- ---------------------------------------------------------------------------------
-- 1. The courses.
create table public.partner_courses (
  id uuid primary key default gen_random_uuid(),
  partner text not null default 'Harvard Online' check (char_length(partner) between 1 and 120 and btrim(partner) <> ''),
  code text not null unique check (code ~ '^[A-Z0-9][A-Z0-9.-]{1,29}$'),
  title text not null check (char_length(title) between 1 and 200 and btrim(title) <> ''),
  -- The language the partner teaches it in.
  language text not null default 'en' check (language in ('fr', 'en')),
  description text not null default '' check (char_length(description) <= 4000),
  -- The course's page on the partner's site: https only.
  url text not null check (char_length(url) <= 2048 and url ~ '^https://[^[:space:]/]+\.[^[:space:]]+$'),
  starts_on date not null,
  ends_on date not null,
  seats integer not null check (seats between 1 and 10000),
  -- Requests are taken while open and, when a closing day is set, until that day (Douala).
  requests_open boolean not null default true,
  requests_close_on date,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (ends_on >= starts_on),
  check (requests_close_on is null or requests_close_on <= ends_on)
);
comment on table public.partner_courses is 'A partner''s online course (Harvard Online by default) offered to our students, with its seats and request window.';
create index partner_courses_created_by_idx on public.partner_courses (created_by);
create trigger partner_courses_stamp before insert or update on public.partner_courses
  for each row execute function private.stamp_row('created_by');
create trigger partner_courses_touch before update on public.partner_courses
  for each row execute function private.touch_updated_at();

alter table public.partner_courses enable row level security;
create policy "partner_courses: signed-in users read" on public.partner_courses for select to authenticated
  using (true);
create policy "partner_courses: admins add" on public.partner_courses for insert to authenticated
  with check ((select private.is_admin()));
create policy "partner_courses: admins edit" on public.partner_courses for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "partner_courses: admins remove" on public.partner_courses for delete to authenticated
  using ((select private.is_admin()));
revoke all on public.partner_courses from anon;
revoke truncate, references, trigger on public.partner_courses from authenticated;

-- Whether a course takes requests today (Africa/Douala's day).
create function private.partner_course_open(course public.partner_courses) returns boolean
  language sql stable set search_path = ''
as $$
  select course.requests_open
    and (course.requests_close_on is null or (now() at time zone 'Africa/Douala')::date <= course.requests_close_on)
    and (now() at time zone 'Africa/Douala')::date <= course.ends_on;
$$;
revoke all on function private.partner_course_open(public.partner_courses) from public;
grant execute on function private.partner_course_open(public.partner_courses) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- 2. The requests: one per student and course, kept (never deleted) as the history.
create table public.partner_course_requests (
  id uuid primary key default gen_random_uuid(),
  partner_course_id uuid not null references public.partner_courses (id) on delete restrict,
  student_id uuid not null default auth.uid() references public.profiles (id) on delete cascade,
  motivation text not null check (char_length(btrim(motivation)) between 10 and 1000 and char_length(motivation) <= 1000),
  status text not null default 'requested' check (status in ('requested', 'approved', 'waitlisted', 'rejected', 'withdrawn')),
  rejection_reason text check (rejection_reason is null or (char_length(rejection_reason) <= 500 and btrim(rejection_reason) <> '')),
  decided_by uuid references public.profiles (id) on delete set null,
  decided_at timestamptz,
  withdrawn_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (partner_course_id, student_id),
  check ((status = 'rejected') = (rejection_reason is not null))
);
comment on table public.partner_course_requests is 'A student''s request for a seat in a partner course: requested → approved | waitlisted | rejected | withdrawn.';
create index partner_course_requests_student_id_idx on public.partner_course_requests (student_id);
create index partner_course_requests_decided_by_idx on public.partner_course_requests (decided_by);
create index partner_course_requests_course_status_idx on public.partner_course_requests (partner_course_id, status);
create trigger partner_course_requests_stamp before insert or update on public.partner_course_requests
  for each row execute function private.stamp_row('-');
create trigger partner_course_requests_touch before update on public.partner_course_requests
  for each row execute function private.touch_updated_at();

-- A new request (through the API): a student's own, "requested", for a course taking
-- requests, by a student with an active registration this academic year.
create function private.check_partner_request_insert() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  course public.partner_courses;
begin
  if private.acting_user() is null then
    return new;  -- the seed, the service role
  end if;
  new.decided_by := null;
  new.decided_at := null;
  new.withdrawn_at := null;
  if new.status <> 'requested' or new.rejection_reason is not null then
    raise exception 'a partner course request starts as requested' using errcode = '42501';
  end if;
  select * into course from public.partner_courses c where c.id = new.partner_course_id;
  if not found or not private.partner_course_open(course) then
    raise exception 'partner course closed: it takes no requests now' using errcode = '22023';
  end if;
  if not exists (
    select 1 from public.student_registrations r
    join public.academic_years y on y.id = r.academic_year_id
    where r.student_id = new.student_id and r.status = 'active'
      and (now() at time zone 'Africa/Douala')::date between y.starts_on and y.ends_on
  ) then
    raise exception 'partner courses are for students registered this academic year' using errcode = '42501';
  end if;
  return new;
end;
$$;
create trigger partner_course_requests_insert before insert on public.partner_course_requests
  for each row execute function private.check_partner_request_insert();

-- A status change: only the legal transitions, the student withdrawing only its own,
-- admins deciding only, and an approval only while a seat is left (counted under a lock
-- on the course row, so concurrent approvals queue and the last seat goes once).
create function private.check_partner_request_update() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  caller uuid := private.acting_user();
  seats_total integer;
  taken integer;
begin
  if new.partner_course_id <> old.partner_course_id or new.student_id <> old.student_id or new.motivation <> old.motivation then
    raise exception 'a request''s course, student and motivation do not change' using errcode = '42501';
  end if;
  if new.status = old.status then
    if new.rejection_reason is distinct from old.rejection_reason and caller is not null and not private.is_admin() then
      raise exception 'only administrators decide partner course requests' using errcode = '42501';
    end if;
    return new;
  end if;
  if not (
    (old.status = 'requested' and new.status in ('approved', 'waitlisted', 'rejected', 'withdrawn'))
    or (old.status = 'waitlisted' and new.status in ('approved', 'rejected', 'withdrawn'))
    or (old.status = 'approved' and new.status = 'withdrawn')
  ) then
    raise exception 'illegal partner request transition: % → %', old.status, new.status using errcode = '22023';
  end if;
  if new.status = 'withdrawn' then
    if caller is not null and caller <> old.student_id then
      raise exception 'only the student withdraws its request' using errcode = '42501';
    end if;
    new.withdrawn_at := now();
    new.rejection_reason := null;
    return new;
  end if;
  if caller is not null and not private.is_admin() then
    raise exception 'only administrators decide partner course requests' using errcode = '42501';
  end if;
  new.decided_by := coalesce(caller, new.decided_by);
  new.decided_at := now();
  if new.status <> 'rejected' then
    new.rejection_reason := null;
  end if;
  if new.status = 'approved' then
    select c.seats into seats_total from public.partner_courses c where c.id = new.partner_course_id for update;
    select count(*) into taken from public.partner_course_requests r
      where r.partner_course_id = new.partner_course_id and r.status = 'approved' and r.id <> new.id;
    if taken >= seats_total then
      raise exception 'partner course full: % of % seats taken', taken, seats_total
        using errcode = 'PT409', detail = json_build_object('seats', seats_total, 'taken', taken)::text;
    end if;
  end if;
  return new;
end;
$$;
create trigger partner_course_requests_update before update on public.partner_course_requests
  for each row execute function private.check_partner_request_update();

-- Fewer seats than approved requests: refused.
create function private.check_partner_course_seats() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  taken integer;
begin
  select count(*) into taken from public.partner_course_requests r where r.partner_course_id = new.id and r.status = 'approved';
  if new.seats < taken then
    raise exception 'partner course seats below the approved requests (%)', taken using errcode = '22023';
  end if;
  return new;
end;
$$;
create trigger partner_courses_seats before update of seats on public.partner_courses
  for each row execute function private.check_partner_course_seats();

-- Audit and notice of each decision (API requests only: the seed notifies nobody).
create function private.after_partner_request_decision() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  en boolean;
  course public.partner_courses;
  title text;
  body text;
begin
  if new.status = old.status or coalesce(current_setting('request.headers', true), '') in ('', '{}') then
    return null;
  end if;
  insert into public.audit_log (actor_id, action, target_type, target_id, details)
  values ((select auth.uid()), 'partner_request.' || new.status, 'partner_course_request', new.id::text,
          jsonb_build_object('partner_course_id', new.partner_course_id, 'student_id', new.student_id, 'from', old.status, 'reason', new.rejection_reason));
  if new.status not in ('approved', 'waitlisted', 'rejected') or not private.wants_notification(new.student_id, 'application', 'in_app') then
    return null;
  end if;
  select p.preferred_locale = 'en' into en from public.profiles p where p.id = new.student_id;
  select * into course from public.partner_courses c where c.id = new.partner_course_id;
  title := left(case new.status
    when 'approved' then case when en then 'Seat granted: ' else 'Place accordée : ' end
    when 'waitlisted' then case when en then 'Waiting list: ' else 'Liste d''attente : ' end
    else case when en then 'Request not accepted: ' else 'Demande non retenue : ' end
  end || course.title, 200);
  body := left(case new.status
    when 'approved' then case when en then 'Your request for ' || course.partner || ' ' || course.code || ' is approved.'
                              else 'Votre demande pour ' || course.partner || ' ' || course.code || ' est acceptée.' end
    when 'waitlisted' then case when en then 'Your request for ' || course.partner || ' ' || course.code || ' is on the waiting list.'
                                else 'Votre demande pour ' || course.partner || ' ' || course.code || ' est sur liste d''attente.' end
    else case when en then 'Your request for ' || course.partner || ' ' || course.code || ' is not accepted. Reason: ' || new.rejection_reason
              else 'Votre demande pour ' || course.partner || ' ' || course.code || ' n''est pas retenue. Motif : ' || new.rejection_reason end
  end, 2000);
  insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label)
  values (new.student_id, 'application', title, body, case when new.status = 'approved' then 'high' else 'normal' end,
          jsonb_build_object('partner_course_request_id', new.id, 'status', new.status),
          case when en then '/en/dashboard/student/courses' else '/dashboard/student/courses' end,
          case when en then 'See my partner courses' else 'Voir mes cours partenaires' end);
  return null;
end;
$$;
create trigger partner_course_requests_decided after update of status on public.partner_course_requests
  for each row execute function private.after_partner_request_decision();
revoke all on function private.check_partner_request_insert(), private.check_partner_request_update(),
  private.check_partner_course_seats(), private.after_partner_request_decision() from public;

alter table public.partner_course_requests enable row level security;
create policy "partner_course_requests: the student and admins read" on public.partner_course_requests for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
create policy "partner_course_requests: a student asks for itself" on public.partner_course_requests for insert to authenticated
  with check (student_id = (select auth.uid()) and status = 'requested');
-- The trigger above says which changes each of them may make.
create policy "partner_course_requests: the student and admins change" on public.partner_course_requests for update to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()))
  with check (student_id = (select auth.uid()) or (select private.is_admin()));
revoke all on public.partner_course_requests from anon;
revoke update, delete, truncate, references, trigger on public.partner_course_requests from authenticated;
grant update (status, rejection_reason) on public.partner_course_requests to authenticated;

-- ---------------------------------------------------------------------------------
-- 3. Admins decide one request or many at once: all or nothing (a bulk approval beyond
-- the seats left approves none). Returns how many requests changed.
create function public.decide_partner_requests(request_ids uuid[], decision text, reason text default null)
  returns integer
  language plpgsql set search_path = ''
as $$
declare
  changed integer := 0;
  r record;
begin
  if not private.is_admin() then
    raise exception 'only administrators decide partner course requests' using errcode = '42501';
  end if;
  if decision not in ('approved', 'waitlisted', 'rejected') then
    raise exception 'a decision is approved, waitlisted or rejected' using errcode = '22023';
  end if;
  if coalesce(cardinality(request_ids), 0) = 0 or cardinality(request_ids) > 500 then
    raise exception 'between 1 and 500 requests at a time' using errcode = '22023';
  end if;
  reason := nullif(btrim(coalesce(reason, '')), '');
  if decision = 'rejected' and reason is null then
    raise exception 'a rejection needs a reason' using errcode = '22023';
  end if;
  -- The courses first, in one order, so two bulk calls never wait on each other in a cycle.
  perform 1 from public.partner_courses c
    where c.id in (select q.partner_course_id from public.partner_course_requests q where q.id = any (request_ids))
    order by c.id for update;
  for r in select q.id from public.partner_course_requests q where q.id = any (request_ids) order by q.created_at, q.id loop
    update public.partner_course_requests set status = decision, rejection_reason = case when decision = 'rejected' then reason end
      where id = r.id;
    changed := changed + 1;
  end loop;
  if changed < cardinality(request_ids) then
    raise exception 'unknown partner course request' using errcode = '22023';
  end if;
  return changed;
end;
$$;
comment on function public.decide_partner_requests(uuid[], text, text) is
  'Admins approve, waitlist or reject partner course requests (a reason for a rejection); all or nothing; refuses (PT409) an approval beyond the seats.';
revoke all on function public.decide_partner_requests(uuid[], text, text) from public, anon;
grant execute on function public.decide_partner_requests(uuid[], text, text) to authenticated;

-- Seats taken and requests waiting, per course: figures only (no names), for every
-- signed-in user, since a student sees whether seats are left without reading others' rows.
create function public.partner_course_figures()
  returns table (partner_course_id uuid, approved integer, waitlisted integer, requested integer)
  language sql stable security definer set search_path = ''
as $$
  select c.id,
    count(*) filter (where r.status = 'approved')::integer,
    count(*) filter (where r.status = 'waitlisted')::integer,
    count(*) filter (where r.status = 'requested')::integer
  from public.partner_courses c
  left join public.partner_course_requests r on r.partner_course_id = c.id
  where (select auth.uid()) is not null
  group by c.id;
$$;
revoke all on function public.partner_course_figures() from public, anon;
grant execute on function public.partner_course_figures() to authenticated, service_role;
