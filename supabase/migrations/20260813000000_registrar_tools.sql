-- The registrar's tools (issue 21 §4): UEs and one student's course enrolment, audited.
--
-- Before, a registrar could only enrol whole cohorts (enrol_cohort) and drop or re-activate
-- an existing enrolment; UEs could only be written through the Data API, and such a direct
-- write (a UE, its credits, a course moved into a UE, an enrolment added or dropped) left
-- no entry in the audit log. Now:
-- * Audit triggers record every change made through the API (an admin's session or the
--   service role's key), whatever the path: teaching_units (created, changed, removed),
--   courses.teaching_unit_id (a course grouped into or out of a UE), course_enrollments
--   (added, status changed, removed). The owner (migrations, seeds) is not audited, as for
--   roles. The reason, when the change came through a function below, is in the entry.
-- * Functions for the admin area, admins only (is_admin: aal2 when MFA applies), with
--   checks in plain words: create_teaching_unit, update_teaching_unit,
--   delete_teaching_unit (an empty UE only), set_course_unit (a course into or out of a UE
--   of its own semester, programme and level), enrol_student and withdraw_student (one
--   student, one course, a reason of 5 to 500 characters), find_students (by name or
--   matricule, for the enrolment dialog).
-- * The freeze of a closed session is not bypassed: the functions write as the signed-in
--   admin, so the triggers of 20260804000003 and 20260804000005 refuse (PT409) a UE, its
--   credits, a course's UE or an enrolment in a semester with a closed session.

-- ---------------------------------------------------------------------------------
-- The reason a function gives for the change it is about to make (transaction-local).
create function private.audit_reason() returns text
  language sql stable set search_path = ''
as $$
  select nullif(current_setting('app.audit_reason', true), '');
$$;
revoke all on function private.audit_reason() from public;

-- Whether this statement comes through the API (an admin's session or the service role).
create function private.audited_request() returns boolean
  language sql stable set search_path = ''
as $$
  select (select auth.uid()) is not null or coalesce((select auth.role()), '') = 'service_role';
$$;
revoke all on function private.audited_request() from public;

create function private.write_audit(action text, target_type text, target_id text, details jsonb) returns void
  language sql security definer set search_path = ''
as $$
  insert into public.audit_log (actor_id, action, target_type, target_id, details)
  values (private.acting_user(), action, target_type, target_id,
          jsonb_strip_nulls(details || jsonb_build_object('reason', private.audit_reason())));
$$;
revoke all on function private.write_audit(text, text, text, jsonb) from public;

-- ---------------------------------------------------------------------------------
-- Audit triggers.
create function private.audit_teaching_units() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if not private.audited_request() then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform private.write_audit('unit.created', 'teaching_unit', new.id::text, jsonb_build_object(
      'code', new.code, 'title_fr', new.title_fr, 'title_en', new.title_en, 'credits', new.credits,
      'semester_id', new.semester_id, 'programme_id', new.programme_id, 'level', new.level_code));
  elsif tg_op = 'UPDATE' then
    if (new.code, new.title_fr, new.title_en, new.credits, new.semester_id, new.programme_id, new.level_code)
       is not distinct from (old.code, old.title_fr, old.title_en, old.credits, old.semester_id, old.programme_id, old.level_code) then
      return null;
    end if;
    perform private.write_audit('unit.changed', 'teaching_unit', new.id::text, jsonb_build_object(
      'from', jsonb_build_object('code', old.code, 'title_fr', old.title_fr, 'title_en', old.title_en, 'credits', old.credits,
        'semester_id', old.semester_id, 'programme_id', old.programme_id, 'level', old.level_code),
      'to', jsonb_build_object('code', new.code, 'title_fr', new.title_fr, 'title_en', new.title_en, 'credits', new.credits,
        'semester_id', new.semester_id, 'programme_id', new.programme_id, 'level', new.level_code)));
  else
    perform private.write_audit('unit.removed', 'teaching_unit', old.id::text, jsonb_build_object(
      'code', old.code, 'credits', old.credits, 'semester_id', old.semester_id));
  end if;
  return null;
end;
$$;
revoke all on function private.audit_teaching_units() from public;
create trigger teaching_units_audit after insert or update or delete on public.teaching_units
  for each row execute function private.audit_teaching_units();

create function private.audit_course_unit() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if private.audited_request() and new.teaching_unit_id is distinct from old.teaching_unit_id then
    perform private.write_audit('course.unit_changed', 'course', new.id::text, jsonb_build_object(
      'code', new.code, 'from', old.teaching_unit_id, 'to', new.teaching_unit_id));
  end if;
  return null;
end;
$$;
revoke all on function private.audit_course_unit() from public;
create trigger courses_audit_unit after update of teaching_unit_id on public.courses
  for each row execute function private.audit_course_unit();

create function private.audit_enrolments() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if not private.audited_request() then
    return null;
  end if;
  if tg_op = 'INSERT' then
    perform private.write_audit('enrolment.added', 'course_enrollment', new.id::text, jsonb_build_object(
      'course_id', new.course_id, 'student_id', new.user_id, 'status', new.status));
  elsif tg_op = 'UPDATE' then
    if (new.course_id, new.user_id, new.status) is not distinct from (old.course_id, old.user_id, old.status) then
      return null;
    end if;
    perform private.write_audit('enrolment.changed', 'course_enrollment', new.id::text, jsonb_build_object(
      'course_id', new.course_id, 'student_id', new.user_id, 'from', old.status, 'to', new.status,
      'moved_from_course', nullif(old.course_id, new.course_id), 'was_student', nullif(old.user_id, new.user_id)));
  else
    perform private.write_audit('enrolment.removed', 'course_enrollment', old.id::text, jsonb_build_object(
      'course_id', old.course_id, 'student_id', old.user_id, 'status', old.status));
  end if;
  return null;
end;
$$;
revoke all on function private.audit_enrolments() from public;
create trigger course_enrollments_audit after insert or update or delete on public.course_enrollments
  for each row execute function private.audit_enrolments();

-- ---------------------------------------------------------------------------------
-- The registrar's functions. Each checks in plain words what the constraints would refuse
-- with a raw message; the freeze triggers stay the last word.
create function private.require_admin(what text) returns void
  language plpgsql stable set search_path = ''
as $$
begin
  if not coalesce(private.is_admin(), false) then
    raise exception 'only administrators %', what using errcode = '42501';
  end if;
end;
$$;
revoke all on function private.require_admin(text) from public;

create function private.check_unit_fields(code text, title_fr text, title_en text, credits integer) returns void
  language plpgsql immutable set search_path = ''
as $$
begin
  if code is null or code !~ '^[A-Z0-9-]{2,20}$' then
    raise exception 'a UE code has 2 to 20 capital letters, digits or hyphens (e.g. UE-INF-L2-11)' using errcode = '22023';
  end if;
  if coalesce(char_length(trim(title_fr)), 0) not between 1 and 200 or coalesce(char_length(trim(title_en)), 0) not between 1 and 200 then
    raise exception 'a UE has a title in French and in English (1 to 200 characters each)' using errcode = '22023';
  end if;
  if credits is null or credits not between 1 and 6 then
    raise exception 'a UE carries 1 to 6 credits' using errcode = '22023';
  end if;
end;
$$;
revoke all on function private.check_unit_fields(text, text, text, integer) from public;

create function public.create_teaching_unit(semester uuid, programme uuid, level text, code text,
    title_fr text, title_en text, credits integer) returns uuid
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  school uuid;
  created uuid;
begin
  perform private.require_admin('create UEs');
  perform private.check_unit_fields(code, title_fr, title_en, credits);
  if not exists (select 1 from public.semesters s where s.id = semester) then
    raise exception 'unknown semester' using errcode = '22023';
  end if;
  select d.school_id into school from public.programmes p join public.departments d on d.id = p.department_id where p.id = programme;
  if school is null then
    raise exception 'unknown programme' using errcode = '22023';
  end if;
  if not exists (select 1 from public.levels l where l.code = level) then
    raise exception 'unknown level' using errcode = '22023';
  end if;
  if exists (select 1 from public.teaching_units u where u.code = code) then
    raise exception 'a UE with the code % already exists', code using errcode = '23505';
  end if;
  insert into public.teaching_units (code, title_fr, title_en, credits, semester_id, school_id, programme_id, level_code)
  values (code, trim(title_fr), trim(title_en), credits, semester, school, programme, level)
  returning id into created;
  return created;
end;
$$;
comment on function public.create_teaching_unit(uuid, uuid, text, text, text, text, integer) is
  'Admins: a UE of a semester for a programme and level (1 to 6 credits); audited; refused in a semester with a closed session.';

create function public.update_teaching_unit(unit uuid, title_fr text, title_en text, credits integer) returns void
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  current_code text;
begin
  perform private.require_admin('change UEs');
  select u.code into current_code from public.teaching_units u where u.id = unit for update;
  if current_code is null then
    raise exception 'unknown UE' using errcode = 'P0002';
  end if;
  perform private.check_unit_fields(current_code, title_fr, title_en, credits);
  update public.teaching_units u set title_fr = trim(title_fr), title_en = trim(title_en), credits = credits
  where u.id = unit;
end;
$$;
comment on function public.update_teaching_unit(uuid, text, text, integer) is
  'Admins: a UE''s titles and credits; audited; its credits are refused in a semester with a closed session.';

create function public.delete_teaching_unit(unit uuid) returns void
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
begin
  perform private.require_admin('remove UEs');
  perform 1 from public.teaching_units u where u.id = unit for update;
  if not found then
    raise exception 'unknown UE' using errcode = 'P0002';
  end if;
  if exists (select 1 from public.courses c where c.teaching_unit_id = unit) then
    raise exception 'this UE still groups courses: take them out first' using errcode = '23503';
  end if;
  delete from public.teaching_units u where u.id = unit;
end;
$$;
comment on function public.delete_teaching_unit(uuid) is 'Admins: removes a UE that groups no course; audited.';

-- A course into a UE of its own semester, programme and level, or out of any (unit null).
create function public.set_course_unit(course uuid, unit uuid) returns void
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  c public.courses;
  u public.teaching_units;
begin
  perform private.require_admin('group courses into UEs');
  select * into c from public.courses x where x.id = course for update;
  if c.id is null then
    raise exception 'unknown course' using errcode = 'P0002';
  end if;
  if unit is not null then
    select * into u from public.teaching_units x where x.id = unit;
    if u.id is null then
      raise exception 'unknown UE' using errcode = 'P0002';
    end if;
    if u.semester_id is distinct from c.semester_id
       or (u.programme_id is not null and u.programme_id is distinct from c.programme_id)
       or (u.level_code is not null and u.level_code is distinct from c.level_code) then
      raise exception 'a course joins a UE of its own semester, programme and level' using errcode = '22023';
    end if;
  end if;
  update public.courses x set teaching_unit_id = unit where x.id = course;
end;
$$;
comment on function public.set_course_unit(uuid, uuid) is
  'Admins: groups a course (EC) into a UE of its semester, programme and level, or out of any; audited; refused in a semester with a closed session.';

create function private.check_reason(reason text) returns text
  language plpgsql immutable set search_path = ''
as $$
begin
  if reason is null or char_length(trim(reason)) not between 5 and 500 then
    raise exception 'give a reason (5 to 500 characters)' using errcode = '22023';
  end if;
  return trim(reason);
end;
$$;
revoke all on function private.check_reason(text) from public;

-- One student into one course (a dropped enrolment is re-activated, its row kept).
create function public.enrol_student(course uuid, student uuid, reason text) returns uuid
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  why text;
  existing public.course_enrollments;
  enrolment uuid;
begin
  perform private.require_admin('enrol students');
  why := private.check_reason(reason);
  if not exists (select 1 from public.courses c where c.id = course) then
    raise exception 'unknown course' using errcode = 'P0002';
  end if;
  if not exists (select 1 from public.user_roles r where r.user_id = student and r.role = 'student') then
    raise exception 'this person is not a student' using errcode = '22023';
  end if;
  select * into existing from public.course_enrollments e where e.course_id = course and e.user_id = student for update;
  if existing.status in ('active', 'completed') then
    raise exception 'this student is already enrolled in this course' using errcode = '23505';
  end if;
  perform set_config('app.audit_reason', why, true);
  if existing.id is null then
    insert into public.course_enrollments (course_id, user_id, status) values (course, student, 'active')
    returning id into enrolment;
  else
    update public.course_enrollments e set status = 'active' where e.id = existing.id;
    enrolment := existing.id;
  end if;
  perform set_config('app.audit_reason', '', true);
  return enrolment;
end;
$$;
comment on function public.enrol_student(uuid, uuid, text) is
  'Admins: enrols one student in one course with a reason (a dropped enrolment is re-activated); audited; refused in a semester with a closed session.';

-- One student out of one course: the row stays, dropped, with the reason in the audit log.
create function public.withdraw_student(enrolment uuid, reason text) returns void
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  why text;
  current_status text;
begin
  perform private.require_admin('withdraw students');
  why := private.check_reason(reason);
  select e.status into current_status from public.course_enrollments e where e.id = enrolment for update;
  if current_status is null then
    raise exception 'unknown enrolment' using errcode = 'P0002';
  end if;
  if current_status not in ('active', 'pending') then
    raise exception 'this student is not enrolled in this course (already withdrawn or completed)' using errcode = '22023';
  end if;
  perform set_config('app.audit_reason', why, true);
  update public.course_enrollments e set status = 'dropped' where e.id = enrolment;
  perform set_config('app.audit_reason', '', true);
end;
$$;
comment on function public.withdraw_student(uuid, text) is
  'Admins: withdraws one student from one course with a reason (the row stays, dropped); audited; refused in a semester with a closed session.';

-- Students by name or matricule (their latest registration's), for the enrolment dialog.
create function public.find_students(term text)
  returns table (id uuid, full_name text, matricule text)
  language plpgsql stable security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  pattern text;
begin
  perform private.require_admin('search students');
  if term is null or char_length(trim(term)) not between 2 and 100 then
    raise exception 'type 2 to 100 characters of a name or a matricule' using errcode = '22023';
  end if;
  pattern := '%' || replace(replace(replace(trim(term), '\', '\\'), '%', '\%'), '_', '\_') || '%';
  return query
  select p.id, p.full_name,
    (select r.student_number from public.student_registrations r join public.academic_years y on y.id = r.academic_year_id
     where r.student_id = p.id order by y.starts_on desc limit 1)
  from public.profiles p
  where exists (select 1 from public.user_roles ur where ur.user_id = p.id and ur.role = 'student')
    and (p.full_name ilike pattern
         or exists (select 1 from public.student_registrations r where r.student_id = p.id and r.student_number ilike pattern))
  order by p.full_name
  limit 20;
end;
$$;
comment on function public.find_students(text) is 'Admins: up to 20 students whose name or matricule contains the term.';

revoke all on function public.create_teaching_unit(uuid, uuid, text, text, text, text, integer),
  public.update_teaching_unit(uuid, text, text, integer), public.delete_teaching_unit(uuid),
  public.set_course_unit(uuid, uuid), public.enrol_student(uuid, uuid, text), public.withdraw_student(uuid, text),
  public.find_students(text)
  from public, anon;
grant execute on function public.create_teaching_unit(uuid, uuid, text, text, text, text, integer),
  public.update_teaching_unit(uuid, text, text, integer), public.delete_teaching_unit(uuid),
  public.set_course_unit(uuid, uuid), public.enrol_student(uuid, uuid, text), public.withdraw_student(uuid, text),
  public.find_students(text)
  to authenticated;
