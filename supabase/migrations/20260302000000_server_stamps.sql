-- The server stamps time and authorship (issue 15, item 5).
--
-- created_at / updated_at (and a table's own "when": enrolled_at, joined_at, issued_at…)
-- come from now(), and created_by / author_id / sender_id / issued_by / granted_by /
-- applicant_id from auth.uid(), on every table a client inserts into, never from the
-- request: a client could otherwise backdate a message or a post, or sign a timetable
-- entry with a colleague's name. A policy that requires `author_id = auth.uid()` is kept
-- (it still refuses what the trigger cannot fix), but a forged value is now overwritten
-- before the policy looks at the row, so clients may simply leave these columns out.
--
-- As in 20260202000000_security_hardening.sql, the triggers act for a signed-in user of the
-- Data API only (private.acting_user()); the database owner (migrations, seed, repairs),
-- the service role (worker, webhooks) and anything with no auth.uid() keep the values they
-- write, so the seed's history and the worker's rows stay as they are.

-- ---------------------------------------------------------------------------------
-- One trigger function for the common case, configured per table by its arguments:
--   stamp_row(author_column, other_time_column…)   ('-' for no author column)
-- On insert: created_at, updated_at and the other time columns := now(), the author
-- column := the caller. On update: those columns keep their old values (updated_at is
-- the touch triggers' business). Columns a table lacks are ignored.
create function private.stamp_row() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  caller uuid := private.acting_user();
  author text := nullif(tg_argv[0], '-');
  times text[] := array['created_at'];
  current_row jsonb := to_jsonb(new);
  previous jsonb;
  patch jsonb := '{}';
  col text;
begin
  if caller is null then
    return new;
  end if;
  for i in 1 .. tg_nargs - 1 loop
    times := times || tg_argv[i];
  end loop;
  if tg_op = 'INSERT' then
    foreach col in array times || array['updated_at'] loop
      if current_row ? col then
        patch := patch || jsonb_build_object(col, now());
      end if;
    end loop;
    if author is not null then
      patch := patch || jsonb_build_object(author, caller);
    end if;
  else
    -- A change made by the database itself (a foreign key's ON DELETE SET NULL firing
    -- under a user's statement) is not the user's to undo.
    if pg_trigger_depth() > 1 then
      return new;
    end if;
    previous := to_jsonb(old);
    foreach col in array times || author loop
      if previous ? col then
        patch := patch || jsonb_build_object(col, previous -> col);
      end if;
    end loop;
  end if;
  return jsonb_populate_record(new, patch);
end;
$$;
comment on function private.stamp_row() is
  'Before insert/update: times from now() and the author column from auth.uid() for signed-in API users; arguments: author column (or -), other time columns.';

-- Messages: the sender and the time are the server's; edited_at is set when the body
-- changes and is no longer writable by clients.
create function private.stamp_message() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  caller uuid := private.acting_user();
begin
  if caller is null then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.sender_id := caller;
    new.created_at := now();
    new.edited_at := null;
    return new;
  end if;
  if pg_trigger_depth() > 1 then
    return new;
  end if;
  new.created_at := old.created_at;
  new.sender_id := old.sender_id;
  new.edited_at := case when new.body is distinct from old.body then now() else old.edited_at end;
  return new;
end;
$$;

-- Payments: the time is the server's; recorded_by names the bursar who recorded or
-- confirmed the payment (a student declaring its own payment leaves it empty).
create function private.stamp_payment() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  caller uuid := private.acting_user();
begin
  if caller is null then
    return new;
  end if;
  if tg_op = 'INSERT' then
    new.created_at := now();
    new.recorded_by := case when private.is_admin() then caller end;
    return new;
  end if;
  if pg_trigger_depth() > 1 then
    return new;
  end if;
  new.created_at := old.created_at;
  new.recorded_by := case when new.status is distinct from old.status then caller else old.recorded_by end;
  return new;
end;
$$;

-- Applications: a signed-in person applies as itself (admins key in paper applications
-- for anyone, and keep the applicant they name); submitted_at is already stamped by
-- applications_check, updated_at by applications_touch.
create function private.stamp_application() returns trigger
  language plpgsql set search_path = ''
as $$
declare
  caller uuid := private.acting_user();
begin
  if caller is null then
    return new;
  end if;
  if tg_op = 'INSERT' then
    if not private.is_admin() then
      new.applicant_id := caller;
    end if;
    new.updated_at := now();
  end if;
  return new;
end;
$$;

revoke all on function private.stamp_row(), private.stamp_message(), private.stamp_payment(),
  private.stamp_application() from public;

-- ---------------------------------------------------------------------------------
-- Where each applies: every table a client (anon or authenticated) may insert into.
-- (assignment_submissions, grades, attendance and quiz_attempts already have their own:
-- stamp_submission, sign_grade, sign_attendance, enforce_quiz_timing.)
create trigger user_roles_stamp before insert or update on public.user_roles
  for each row execute function private.stamp_row('granted_by', 'granted_at');

create trigger schools_stamp before insert or update on public.schools
  for each row execute function private.stamp_row('-');
create trigger departments_stamp before insert or update on public.departments
  for each row execute function private.stamp_row('-');
create trigger programmes_stamp before insert or update on public.programmes
  for each row execute function private.stamp_row('-');
create trigger specialties_stamp before insert or update on public.specialties
  for each row execute function private.stamp_row('-');
create trigger professional_formations_stamp before insert or update on public.professional_formations
  for each row execute function private.stamp_row('-');
create trigger extension_programmes_stamp before insert or update on public.extension_programmes
  for each row execute function private.stamp_row('-');

create trigger academic_years_stamp before insert or update on public.academic_years
  for each row execute function private.stamp_row('-');
create trigger semesters_stamp before insert or update on public.semesters
  for each row execute function private.stamp_row('-');
create trigger courses_stamp before insert or update on public.courses
  for each row execute function private.stamp_row('-');
create trigger course_enrollments_stamp before insert or update on public.course_enrollments
  for each row execute function private.stamp_row('-', 'enrolled_at');
create trigger schedule_events_stamp before insert or update on public.schedule_events
  for each row execute function private.stamp_row('created_by');

create trigger assignments_stamp before insert or update on public.assignments
  for each row execute function private.stamp_row('created_by');
create trigger evaluations_stamp before insert or update on public.evaluations
  for each row execute function private.stamp_row('created_by');
create trigger quizzes_stamp before insert or update on public.quizzes
  for each row execute function private.stamp_row('created_by');

create trigger conversations_stamp before insert or update on public.conversations
  for each row execute function private.stamp_row('created_by');
create trigger conversation_participants_stamp before insert or update on public.conversation_participants
  for each row execute function private.stamp_row('-', 'joined_at');
create trigger messages_stamp before insert or update on public.messages
  for each row execute function private.stamp_message();
create trigger community_posts_stamp before insert or update on public.community_posts
  for each row execute function private.stamp_row('author_id');
create trigger community_comments_stamp before insert or update on public.community_comments
  for each row execute function private.stamp_row('author_id');
create trigger documents_stamp before insert or update on public.documents
  for each row execute function private.stamp_row('issued_by', 'issued_at');
create trigger reviews_stamp before insert or update on public.reviews
  for each row execute function private.stamp_row('author_id');

create trigger fee_schedules_stamp before insert or update on public.fee_schedules
  for each row execute function private.stamp_row('-');
create trigger student_fees_stamp before insert or update on public.student_fees
  for each row execute function private.stamp_row('-');
create trigger payments_stamp before insert or update on public.payments
  for each row execute function private.stamp_payment();

create trigger applications_stamp before insert or update on public.applications
  for each row execute function private.stamp_application();
create trigger student_notifications_stamp before insert or update on public.student_notifications
  for each row execute function private.stamp_row('-');
create trigger student_registrations_stamp before insert or update on public.student_registrations
  for each row execute function private.stamp_row('-', 'registered_at');

-- edited_at is the server's: the sender edits the body only.
revoke update on public.messages from authenticated;
grant update (body) on public.messages to authenticated;
