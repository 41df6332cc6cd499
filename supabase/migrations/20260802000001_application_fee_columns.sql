-- The application fee is the school's, and only the payments core marks it paid (issue 19
-- item 6; security review 2026-11-26 M1): an applicant inserted its application with
-- fee_paid_at, fee_xaf = 0 and its own decision_reason, and the fee read as paid.
--
-- * Anonymous and signed-in applicants may no longer insert those three columns: the insert
--   grant lists every other column. (The update grant stays whole: admins decide through
--   decide_applications, which runs as the admin; an applicant's update of them is refused
--   by private.applicant_changes_status_only, unchanged.)
-- * Whatever the grants, an insert through the API (anon or a non-admin) has fee_paid_at and
--   decision_reason cleared and fee_xaf taken from the school (private.check_application_change);
--   an applicant's update of them was already refused by private.applicant_changes_status_only.

do $grants$
declare
  writable text;
begin
  select string_agg(quote_ident(c.column_name), ', ' order by c.ordinal_position) into writable
  from information_schema.columns c
  where c.table_schema = 'public' and c.table_name = 'applications'
    and c.column_name not in ('fee_xaf', 'fee_paid_at', 'decision_reason');
  execute 'revoke insert on public.applications from anon, authenticated';
  execute format('grant insert (%s) on public.applications to anon, authenticated', writable);
end
$grants$;

create or replace function private.check_application_change() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  missing text;
  from_api boolean := false;
begin
  -- Anonymous visitors may not call private.is_admin(): ask it of signed-in users only.
  if (select auth.role()) = 'anon' then
    from_api := true;
  elsif (select auth.role()) = 'authenticated' then
    from_api := not private.is_admin();
  end if;
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
    -- The fee is the school's and unpaid; no decision yet. (The owner and the service role,
    -- e.g. the seed or an import, keep what they write.)
    if from_api then
      new.fee_paid_at := null;
      new.decision_reason := null;
      new.fee_xaf := (select s.application_fee_xaf from public.schools s where s.id = private.application_school(new));
    elsif new.status = 'submitted' then
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
