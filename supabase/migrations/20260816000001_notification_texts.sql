-- Notifications in the reader's language (issue 21, item 9). Each notification keeps the
-- words written for its recipient's profile language (title, message, action_label: what
-- the e-mail copies and older rows say) and now also a key and raw values: text_key names
-- a template of the interface catalogue (src/i18n/*.json, notifications.texts.<key>) and
-- text_params holds the facts it needs (amounts in francs, days as YYYY-MM-DD, instants,
-- bilingual labels as {"fr", "en"}). The screen renders the template in the page's
-- language with Intl (src/lib/notifications/texts.ts); a row without a key, or with a key
-- the catalogue lacks, shows its stored words. Announcements keep their author's words.
--
-- Redefined here (create or replace), each with the same behaviour plus the key, values and
-- French amounts written with French digit grouping ("140 000 FCFA", not "140,000"):
--   public.write_course_start_notices(jsonb, jsonb)   the worker's write (20260401000000)
--   private.notify_session_change()                   (20260501000000)
--   public.payment_reminder_messages(integer)         (20260604000002)
--   private.notify_application_status()               (20260812000000)
--   private.record_grade_change()                     (20260504000000)
--   public.publish_evaluation(uuid)                   (20260504000000)
--   public.publish_deliberation(uuid)                 (20260804000004)
--   private.after_partner_request_decision()          (20260701000000)

alter table public.student_notifications
  add column text_key text
    constraint student_notifications_text_key_format check (text_key ~ '^[A-Za-z][A-Za-z0-9_.]{0,79}$'),
  add column text_params jsonb not null default '{}'
    constraint student_notifications_text_params_object check (jsonb_typeof(text_params) = 'object' and pg_column_size(text_params) <= 4096);
comment on column public.student_notifications.text_key is
  'The catalogue template (notifications.texts.<key>) that says this notification in the reader''s language; null: the stored words only.';
comment on column public.student_notifications.text_params is
  'The template''s raw values: *_xaf francs, *_on YYYY-MM-DD, *_at instants, {"fr","en"} bilingual labels, count, context.';

-- "140 000 FCFA" / "FCFA 140,000", as Intl writes them in the screens (fr-FR / en-GB),
-- for the stored words and the e-mail copies.
create function private.words_xaf(amount bigint, locale text) returns text
  language sql immutable set search_path = ''
as $$
  select case when locale = 'en' then 'FCFA' || U&'\00A0' || to_char(amount, 'FM999,999,999,999')
              else replace(to_char(amount, 'FM999,999,999,999'), ',', U&'\202F') || U&'\00A0' || 'FCFA' end;
$$;
comment on function private.words_xaf(bigint, text) is 'An amount in francs CFA written as the screens write it, in fr or en.';
revoke all on function private.words_xaf(bigint, text) from public;

-- ---------------------------------------------------------------------------------
-- The worker's course-start notices: the batch carries the key and values (worker/plan.ts).
create or replace function public.write_course_start_notices(batches jsonb, outgoing jsonb) returns jsonb
  language sql volatile security invoker set search_path = ''
as $$
  with created as (
    insert into public.student_notifications
      (user_id, schedule_event_id, type, priority, title, message, data, action_url, action_label, expires_at,
       text_key, text_params)
    select u.user_id::uuid, (b ->> 'schedule_event_id')::uuid, b ->> 'type', b ->> 'priority',
           m ->> 'title', m ->> 'message', b -> 'data', b ->> 'action_url', m ->> 'action_label',
           (b ->> 'expires_at')::timestamptz,
           b ->> 'text_key', coalesce(b -> 'text_params', '{}'::jsonb)
    from jsonb_array_elements(coalesce(batches, '[]'::jsonb)) b
    cross join jsonb_array_elements(b -> 'messages') m
    cross join jsonb_array_elements_text(m -> 'user_ids') u(user_id)
    on conflict (user_id, schedule_event_id) do nothing
    returning 1
  ),
  queued as (
    insert into public.outbox_messages (channel, recipient, user_id, kind, schedule_event_id, subject, body)
    select o ->> 'channel', o ->> 'recipient', (o ->> 'user_id')::uuid, o ->> 'kind',
           (o ->> 'schedule_event_id')::uuid, o ->> 'subject', o ->> 'body'
    from jsonb_array_elements(coalesce(outgoing, '[]'::jsonb)) o
    on conflict (user_id, schedule_event_id, channel) do nothing
    returning id, channel, recipient, subject, body
  )
  select jsonb_build_object(
    'created', (select count(*) from created),
    'queued', (select coalesce(jsonb_agg(jsonb_build_object(
      'id', q.id, 'channel', q.channel, 'recipient', q.recipient, 'subject', q.subject, 'body', q.body)), '[]'::jsonb)
      from queued q)
  );
$$;

-- ---------------------------------------------------------------------------------
-- A session changed or cancelled: sessionChanged / sessionCancelled {course, session, start_at}.
create or replace function private.notify_session_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  ev public.schedule_events := case when tg_op = 'DELETE' then old else new end;
  cancelled boolean := tg_op = 'DELETE';
  course_title text;
begin
  if pg_trigger_depth() > 1 or old.end_time < now() then
    return null;
  end if;
  if not cancelled and (new.title, new.start_time, new.end_time, new.is_online, new.room, new.zoom_meeting_id,
      new.zoom_passcode, new.teams_meeting_url)
      is not distinct from (old.title, old.start_time, old.end_time, old.is_online, old.room, old.zoom_meeting_id,
      old.zoom_passcode, old.teams_meeting_url) then
    return null;
  end if;
  select c.title into course_title from public.courses c where c.id = ev.course_id;
  insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label,
                                            text_key, text_params)
  select e.user_id, 'announcement', 'high',
    left(case when p.preferred_locale = 'en'
      then (case when cancelled then 'Session cancelled: ' else 'Session changed: ' end) || course_title
      else (case when cancelled then 'Séance annulée : ' else 'Séance modifiée : ' end) || course_title end, 200),
    left(case when p.preferred_locale = 'en'
      then ev.title || ' — ' || to_char(ev.start_time at time zone 'Africa/Douala', 'DD/MM/YYYY HH24:MI') || ' (Douala)'
        || case when cancelled then ' is cancelled.' else '. See the timetable.' end
      else ev.title || ' — ' || to_char(ev.start_time at time zone 'Africa/Douala', 'DD/MM/YYYY HH24:MI') || ' (Douala)'
        || case when cancelled then ' est annulée.' else '. Voir l''emploi du temps.' end end, 2000),
    jsonb_build_object('kind', case when cancelled then 'session_cancelled' else 'session_changed' end,
      'course_id', ev.course_id, 'event_id', ev.id, 'start_time', ev.start_time),
    '/dashboard/student/schedule',
    case when p.preferred_locale = 'en' then 'Timetable' else 'Emploi du temps' end,
    case when cancelled then 'sessionCancelled' else 'sessionChanged' end,
    jsonb_build_object('course', course_title, 'session', ev.title, 'start_at', ev.start_time)
  from public.course_enrollments e
  join public.profiles p on p.id = e.user_id
  where e.course_id = ev.course_id and e.status = 'active';
  return null;
end;
$$;

-- ---------------------------------------------------------------------------------
-- Payment reminders: paymentLate / paymentSoon {label: {fr, en}, remaining_xaf, due_on}.
create or replace function public.payment_reminder_messages(days_before integer default 3) returns jsonb
  language plpgsql security definer set search_path = ''
as $$
#variable_conflict use_variable
declare
  today date := (now() at time zone 'Africa/Douala')::date;
  answer jsonb;
begin
  with due as (
    select d.student_fee_id, d.instalment_id, d.student_id, d.label_fr, d.label_en, d.remaining_xaf, d.due_on,
      case when d.state = 'late' then 'late' else 'soon' end as kind
    from public.student_dues d
    where d.instalment_id is not null and d.remaining_xaf > 0
      and (d.state = 'late' or d.due_on between today and today + days_before)
  ), fresh as (
    insert into private.payment_reminders (student_fee_id, instalment_id, kind)
    select student_fee_id, instalment_id, kind from due
    on conflict do nothing
    returning student_fee_id, instalment_id, kind
  ), words as (
    select d.student_id, d.kind, d.instalment_id, d.remaining_xaf, d.due_on, d.label_fr, d.label_en,
      case when p.preferred_locale = 'en'
        then case when d.kind = 'late' then 'Late payment: ' else 'Payment due soon: ' end || d.label_en
        else case when d.kind = 'late' then 'Paiement en retard : ' else 'Échéance proche : ' end || d.label_fr end as title,
      case when p.preferred_locale = 'en'
        then private.words_xaf(d.remaining_xaf, 'en') || ' left to pay, due ' || to_char(d.due_on, 'DD/MM/YYYY') || '. Pay by mobile money or bank slip on My payments.'
        else private.words_xaf(d.remaining_xaf, 'fr') || ' restent à payer, échéance le ' || to_char(d.due_on, 'DD/MM/YYYY') || '. Payez par mobile money ou bordereau dans Mes paiements.' end as message,
      case when p.preferred_locale = 'en' then 'en' else 'fr' end as locale,
      case when private.wants_notification(d.student_id, 'payment', 'email') then u.email end as email,
      case when private.wants_notification(d.student_id, 'payment', 'sms') then pc.phone end as phone,
      private.wants_notification(d.student_id, 'payment', 'in_app') as in_app
    from fresh f
    join due d on d.student_fee_id = f.student_fee_id and d.instalment_id = f.instalment_id and d.kind = f.kind
    join public.profiles p on p.id = d.student_id
    left join auth.users u on u.id = d.student_id
    left join public.profile_contacts pc on pc.user_id = d.student_id
  ), notes as (
    insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label,
                                              text_key, text_params)
    select w.student_id, 'payment', case when w.kind = 'late' then 'high' else 'normal' end, w.title, w.message,
      jsonb_build_object('kind', 'payment_' || w.kind, 'instalment_id', w.instalment_id, 'remaining_xaf', w.remaining_xaf, 'due_on', w.due_on),
      '/dashboard/student/payments', case when w.locale = 'en' then 'My payments' else 'Mes paiements' end,
      case when w.kind = 'late' then 'paymentLate' else 'paymentSoon' end,
      jsonb_build_object('label', jsonb_build_object('fr', w.label_fr, 'en', w.label_en),
                         'remaining_xaf', w.remaining_xaf, 'due_on', w.due_on)
    from words w where w.in_app
    returning 1
  ), copies as (
    insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body)
    select c.channel, c.recipient, w.student_id, 'payment',
      case when c.channel = 'email' then w.title end,
      case when c.channel = 'email' then w.message else left(w.title || '. ' || w.message, 600) end
    from words w
    cross join lateral (values ('email', w.email), ('sms', w.phone)) as c (channel, recipient)
    where c.recipient is not null and char_length(c.recipient) >= 3
    returning id, channel, recipient, subject, body
  )
  select jsonb_build_object(
    'created', (select count(*) from notes),
    'queued', coalesce((select jsonb_agg(jsonb_build_object('id', c.id, 'channel', c.channel, 'recipient', c.recipient,
                                                            'subject', c.subject, 'body', c.body)) from copies c), '[]'::jsonb))
  into answer;
  return answer;
end;
$$;

-- ---------------------------------------------------------------------------------
-- An application's steps: application.<status> {matricule, context: 'matricule'}. The
-- words need no gender ("Candidature acceptée", "nous vous préviendrons").
create or replace function private.notify_application_status() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  en boolean := new.preferred_locale = 'en';
  title text;
  body text;
  matricule text;
  recipient text;
begin
  -- (API requests only: the demo seed and repairs by the owner notify nobody)
  if new.status = 'draft' or (tg_op = 'UPDATE' and old.status is not distinct from new.status)
     or coalesce(current_setting('request.headers', true), '') in ('', '{}') then
    return new;
  end if;
  if new.status = 'enrolled' then
    matricule := nullif(current_setting('app.status_note', true), '');
  end if;
  title := case new.status
    when 'submitted' then case when en then 'Application submitted' else 'Candidature déposée' end
    when 'under_review' then case when en then 'Application under review' else 'Candidature en cours d''examen' end
    when 'documents_requested' then case when en then 'A document is requested' else 'Un document est demandé' end
    when 'admitted' then case when en then 'Application accepted' else 'Candidature acceptée' end
    when 'waitlisted' then case when en then 'On the waiting list' else 'Sur liste d''attente' end
    when 'rejected' then case when en then 'Application not accepted' else 'Candidature non retenue' end
    when 'enrolled' then case when en then 'You are registered' else 'Inscription confirmée' end
    else case when en then 'Application withdrawn' else 'Candidature retirée' end
  end;
  body := case new.status
    when 'submitted' then case when en then 'We received your file. The admissions office will review it; you will be told of each step.'
                               else 'Nous avons bien reçu votre dossier. Le service des admissions va l''examiner ; chaque étape vous sera annoncée.' end
    when 'under_review' then case when en then 'A reviewer is reading your file. Nothing to do for now.'
                                  else 'Un membre du jury lit votre dossier. Rien à faire pour l''instant.' end
    when 'documents_requested' then case when en then 'Please upload the requested document from your application page; the review resumes once it is in.'
                                         else 'Déposez le document demandé depuis la page de votre candidature ; l''examen reprend dès sa réception.' end
    when 'admitted' then case when en then 'Congratulations! Your application page now lists the next steps: the fees and their due dates, your registration and matricule, the start date and what to prepare.'
                              else 'Félicitations ! La page de votre candidature indique maintenant la suite : les frais et leurs échéances, votre inscription et votre matricule, la date de rentrée et ce qu''il faut préparer.' end
    when 'waitlisted' then case when en then 'All places are taken for now. If one frees up, your file comes first in line and we will tell you.'
                                else 'Toutes les places sont attribuées pour l''instant. Si une place se libère, votre dossier sera repris et nous vous préviendrons.' end
    when 'rejected' then case when en then 'Your application was not accepted. The reason is on your application page.'
                              else 'Votre candidature n''a pas été retenue. Le motif figure sur la page de votre candidature.' end
    when 'enrolled' then case when en then 'Your student space is open' || coalesce('; your matricule is ' || matricule, '') || '. Your courses and fees are in it.'
                              else 'Votre espace étudiant est ouvert' || coalesce(' ; votre matricule est ' || matricule, '') || '. Vous y trouverez vos cours et vos frais.' end
    else case when en then 'Your application is withdrawn.' else 'Votre candidature est retirée.' end
  end;
  if new.applicant_id is not null and private.wants_notification(new.applicant_id, 'application', 'in_app') then
    insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label,
                                              text_key, text_params)
    values (new.applicant_id, 'application', title, body,
            case when new.status in ('documents_requested', 'admitted', 'enrolled') then 'high' else 'normal' end,
            jsonb_build_object('application_id', new.id, 'status', new.status),
            case when en then '/en/dashboard/applications' else '/dashboard/applications' end,
            case when en then 'Follow my application' else 'Suivre ma candidature' end,
            'application.' || case when new.status in ('submitted', 'under_review', 'documents_requested', 'admitted',
                                                       'waitlisted', 'rejected', 'enrolled') then new.status else 'withdrawn' end,
            case when matricule is not null then jsonb_build_object('matricule', matricule, 'context', 'matricule') else '{}'::jsonb end);
  end if;
  -- An account's application is mailed to the account's confirmed address only, so the
  -- form cannot be used to send the university's e-mails to strangers (20260811000000).
  if new.applicant_id is not null then
    select u.email into recipient from auth.users u
    where u.id = new.applicant_id and u.email_confirmed_at is not null and coalesce(u.email, '') <> '';
  else
    recipient := new.email;
  end if;
  if recipient is not null then
    insert into public.outbox_messages (channel, recipient, user_id, kind, subject, body)
    values ('email', recipient, new.applicant_id, 'application', title, body);
  end if;
  return new;
end;
$$;

-- ---------------------------------------------------------------------------------
-- Marks: gradeChanged / gradePublished {course, evaluation}; resultsPublished {}.
create or replace function private.record_grade_change() returns trigger
  language plpgsql security definer set search_path = ''
as $$
declare
  removed boolean := tg_op = 'DELETE';
  ev record;
begin
  if not removed and (new.score, new.status) is not distinct from (old.score, old.status) then
    return null;
  end if;
  select e.title, e.is_published, c.title as course_title into ev
  from public.evaluations e join public.courses c on c.id = e.course_id where e.id = old.evaluation_id;
  if not coalesce(ev.is_published, false) then
    return null;  -- a draft mark changes freely; a removed evaluation takes its marks along
  end if;
  insert into public.grade_history (evaluation_id, student_id, old_status, old_score, new_status, new_score, changed_by)
  values (old.evaluation_id, old.student_id, old.status, old.score,
          case when removed then null else new.status end, case when removed then null else new.score end,
          coalesce(private.acting_user(), case when removed then null else new.graded_by end));
  insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label,
                                            text_key, text_params)
  select p.id, 'grade_published', 'normal',
    left(case when p.preferred_locale = 'en' then 'Mark changed: ' else 'Note modifiée : ' end || ev.course_title, 200),
    left(case when p.preferred_locale = 'en'
      then ev.title || ': your mark was changed. See your results.'
      else ev.title || ' : votre note a été modifiée. Voir vos résultats.' end, 2000),
    jsonb_build_object('kind', 'grade_changed', 'evaluation_id', old.evaluation_id),
    '/dashboard/student/grades',
    case when p.preferred_locale = 'en' then 'My results' else 'Mes résultats' end,
    'gradeChanged', jsonb_build_object('course', ev.course_title, 'evaluation', ev.title)
  from public.profiles p where p.id = old.student_id;
  return null;
end;
$$;

create or replace function public.publish_evaluation(evaluation uuid) returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  ev record;
  told integer;
begin
  select e.id, e.title, e.is_published, e.course_id, c.title as course_title into ev
  from public.evaluations e join public.courses c on c.id = e.course_id where e.id = evaluation;
  if ev.id is null then
    raise exception 'no such evaluation' using errcode = 'P0002';
  end if;
  if not (private.teaches_course(ev.course_id) or private.is_admin()) then
    raise exception 'only the course''s teacher or an administrator publishes its marks' using errcode = '42501';
  end if;
  if ev.is_published then
    return 0;
  end if;
  update public.evaluations set is_published = true where id = evaluation;
  insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label,
                                            text_key, text_params)
  select p.id, 'grade_published', 'normal',
    left(case when p.preferred_locale = 'en' then 'New mark: ' else 'Nouvelle note : ' end || ev.course_title, 200),
    left(case when p.preferred_locale = 'en'
      then ev.title || ': your mark is published.' else ev.title || ' : votre note est publiée.' end, 2000),
    jsonb_build_object('kind', 'grade_published', 'evaluation_id', evaluation),
    '/dashboard/student/grades',
    case when p.preferred_locale = 'en' then 'My results' else 'Mes résultats' end,
    'gradePublished', jsonb_build_object('course', ev.course_title, 'evaluation', ev.title)
  from public.grades g join public.profiles p on p.id = g.student_id
  where g.evaluation_id = evaluation;
  get diagnostics told = row_count;
  -- (record_audit is for admins; a teacher's publication is logged here directly)
  insert into public.audit_log (actor_id, action, target_type, target_id, details)
  values (private.acting_user(), 'grades.evaluation_published', 'evaluation', evaluation::text,
    jsonb_build_object('students', told));
  return told;
end;
$$;

create or replace function public.publish_deliberation(deliberation uuid) returns integer
  language plpgsql security definer set search_path = ''
as $$
declare
  told integer;
begin
  if private.acting_user() is not null and not private.is_admin() then
    raise exception 'only administrators publish results' using errcode = '42501';
  end if;
  if exists (select 1 from public.deliberations where id = deliberation and reopened_at is not null) then
    raise exception 'this session was reopened: close it again before publishing' using errcode = 'PT409';
  end if;
  update public.deliberations set published_at = now(), published_by = private.acting_user()
  where id = deliberation and published_at is null;
  if not found then
    if exists (select 1 from public.deliberations where id = deliberation) then
      return 0;
    end if;
    raise exception 'no such deliberation' using errcode = 'P0002';
  end if;
  insert into public.student_notifications (user_id, type, priority, title, message, data, action_url, action_label,
                                            text_key)
  select p.id, 'grade_published', 'high',
    case when p.preferred_locale = 'en' then 'Semester results published' else 'Résultats du semestre publiés' end,
    case when p.preferred_locale = 'en' then 'Your semester results are available.'
         else 'Vos résultats du semestre sont disponibles.' end,
    jsonb_build_object('kind', 'results_published', 'deliberation_id', deliberation),
    '/dashboard/student/grades',
    case when p.preferred_locale = 'en' then 'My results' else 'Mes résultats' end,
    'resultsPublished'
  from public.frozen_results f join public.profiles p on p.id = f.student_id
  where f.deliberation_id = deliberation;
  get diagnostics told = row_count;
  perform public.record_audit('results.deliberation_published', 'deliberation', deliberation::text,
    jsonb_build_object('students', told));
  return told;
end;
$$;

-- ---------------------------------------------------------------------------------
-- Partner courses: partnerRequest.<status> {course, partner, code, reason}.
create or replace function private.after_partner_request_decision() returns trigger
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
  insert into public.student_notifications (user_id, type, title, message, priority, data, action_url, action_label,
                                            text_key, text_params)
  values (new.student_id, 'application', title, body, case when new.status = 'approved' then 'high' else 'normal' end,
          jsonb_build_object('partner_course_request_id', new.id, 'status', new.status),
          case when en then '/en/dashboard/student/courses' else '/dashboard/student/courses' end,
          case when en then 'See my partner courses' else 'Voir mes cours partenaires' end,
          'partnerRequest.' || new.status,
          jsonb_strip_nulls(jsonb_build_object('course', course.title, 'partner', course.partner, 'code', course.code,
                                               'reason', new.rejection_reason)));
  return null;
end;
$$;
