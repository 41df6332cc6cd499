-- The register of personal data (DOMAIN §4, Law No. 2024/017: records of processing, access
-- and portability). Every column of a public table that names a person is listed once: either
-- with the key under which "Télécharger mes données" (public.export_my_data) gives that
-- person the rows, or with why it does not. tests/integration/personal-data.test.ts fails when a
-- table gains a person's column that is in neither, so a new table cannot be forgotten again
-- (the export had missed fifteen).
create table private.personal_data (
  table_name text not null,
  person_column text not null,
  export_key text check (export_key ~ '^[a-z_]{2,40}$'),
  not_exported_because text check (char_length(not_exported_because) between 10 and 300),
  primary key (table_name, person_column),
  unique (export_key),
  check ((export_key is null) <> (not_exported_because is null))
);
comment on table private.personal_data is
  'Each column of a public table naming a person: its key in export_my_data(), or why it is not exported. Written by migrations only.';
alter table private.personal_data enable row level security;
create policy personal_data_read on private.personal_data for select to authenticated using (true);
revoke all on private.personal_data from public, anon, authenticated;
grant select on private.personal_data to authenticated;

insert into private.personal_data (table_name, person_column, export_key, not_exported_because) values
  -- The person's own records.
  ('profiles', 'id', 'profile', null),
  ('profile_contacts', 'user_id', 'contacts', null),
  ('user_roles', 'user_id', 'roles', null),
  ('student_identities', 'student_id', 'identity', null),
  ('identity_correction_requests', 'student_id', 'identity_corrections', null),
  ('student_registrations', 'student_id', 'registrations', null),
  ('course_enrollments', 'user_id', 'enrolments', null),
  ('grades', 'student_id', 'grades', null),
  ('grade_history', 'student_id', 'grade_history', null),
  ('frozen_results', 'student_id', 'deliberated_results', null),
  ('transcripts', 'student_id', 'transcripts', null),
  ('enrolment_certificates', 'student_id', 'enrolment_certificates', null),
  ('documents', 'owner_id', 'documents', null),
  ('assignment_submissions', 'student_id', 'submissions', null),
  ('quiz_attempts', 'student_id', 'quiz_attempts', null),
  ('attendance', 'student_id', 'attendance', null),
  ('video_lesson_progress', 'user_id', 'lesson_progress', null),
  ('internships', 'student_id', 'internships', null),
  ('partner_course_requests', 'student_id', 'partner_course_requests', null),
  ('student_fees', 'student_id', 'fees', null),
  ('fee_penalties', 'student_id', 'fee_penalties', null),
  ('fee_penalty_waivers', 'student_id', 'fee_penalty_waivers', null),
  ('payments', 'student_id', 'payments', null),
  ('applications', 'applicant_id', 'applications', null),
  ('application_documents', 'uploaded_by', 'application_documents', null),
  ('student_notifications', 'user_id', 'notifications', null),
  ('notification_preferences', 'user_id', 'notification_preferences', null),
  ('teacher_settings', 'user_id', 'teacher_settings', null),
  ('messages', 'sender_id', 'messages_sent', null),
  ('conversation_participants', 'user_id', 'conversations', null),
  ('announcements', 'sender_id', 'announcements_sent', null),
  ('community_posts', 'author_id', 'community_posts', null),
  ('community_comments', 'author_id', 'community_comments', null),
  ('community_reactions', 'user_id', 'community_reactions', null),
  ('community_reports', 'reporter_id', 'community_reports', null),
  ('reviews', 'author_id', 'course_reviews', null),
  ('courses', 'teacher_id', 'courses_taught', null),
  ('course_proposals', 'proposed_by', 'course_proposals', null),
  -- What the person did to others' files: those rows are the others' data, each exported to them.
  ('assignment_submissions', 'graded_by', null, 'a teacher''s marking of a student''s work: the student''s data, in their submissions'),
  ('grades', 'graded_by', null, 'a teacher''s mark for a student: the student''s data, in their grades'),
  ('grade_history', 'changed_by', null, 'who changed a student''s mark: the student''s data, in their grade history'),
  ('attendance', 'recorded_by', null, 'who took a student''s attendance: the student''s data, in their attendance'),
  ('payments', 'recorded_by', null, 'the bursar who recorded a student''s payment: the student''s data, in their payments'),
  ('fee_penalty_waivers', 'waived_by', null, 'the bursar who waived a student''s penalty: the student''s data, in their waivers'),
  ('documents', 'issued_by', null, 'who issued a student''s document: the student''s data, in their documents'),
  ('transcripts', 'issued_by', null, 'who issued a student''s transcript: the student''s data, in their transcripts'),
  ('enrolment_certificates', 'issued_by', null, 'who issued a student''s certificate: the student''s data, in their certificates'),
  ('student_identities', 'updated_by', null, 'the registrar who corrected a student''s identity: the student''s data, in their identity'),
  ('identity_correction_requests', 'decided_by', null, 'the registrar who decided a student''s request: the student''s data, in their requests'),
  ('partner_course_requests', 'decided_by', null, 'who decided a student''s request: the student''s data, in their requests'),
  ('internships', 'created_by', null, 'who recorded a student''s internship: the student''s data, in their internships'),
  ('application_comments', 'author_id', null, 'a reviewer''s note on an applicant''s file, kept by the admissions office'),
  ('application_document_requests', 'requested_by', null, 'a reviewer''s request for a document: the applicant sees it on the application'),
  ('application_status_history', 'actor_id', null, 'who moved an application: the applicant''s data, with the application'),
  ('user_roles', 'granted_by', null, 'the administrator who granted someone a role: that person''s data, in their roles'),
  ('course_proposals', 'decided_by', null, 'the administrator who decided a teacher''s proposal: the teacher''s data'),
  ('community_reports', 'handled_by', null, 'the moderator who handled a report: the reporter''s data, in their reports'),
  ('deliberations', 'closed_by', null, 'an act of the jury on a cohort''s results, kept by the institution'),
  ('deliberations', 'published_by', null, 'an act of the jury on a cohort''s results, kept by the institution'),
  ('deliberations', 'reopened_by', null, 'an act of the jury on a cohort''s results, kept by the institution'),
  ('audit_log', 'actor_id', null, 'the institution''s security record of acts (kept for its retention period, read by administrators)'),
  ('outbox_messages', 'user_id', null, 'the delivery log of e-mails and SMS; what they said is in the notifications and announcements exported'),
  ('message_attachments', 'uploaded_by', null, 'files sent in a conversation, listed with the conversation''s messages'),
  -- Course material and settings authored as staff: the institution's, not personal records.
  ('assignments', 'created_by', null, 'course material written as teaching staff, the institution''s'),
  ('evaluations', 'created_by', null, 'course material written as teaching staff, the institution''s'),
  ('quizzes', 'created_by', null, 'course material written as teaching staff, the institution''s'),
  ('course_materials', 'created_by', null, 'course material written as teaching staff, the institution''s'),
  ('video_lessons', 'created_by', null, 'course material written as teaching staff, the institution''s'),
  ('schedule_events', 'created_by', null, 'a timetable entry made as staff, the institution''s'),
  ('partner_courses', 'created_by', null, 'a catalogue entry made as staff, the institution''s'),
  ('conversations', 'created_by', null, 'who opened a conversation: its participants get it under conversations'),
  ('institution_settings', 'updated_by', null, 'who last changed the institution''s settings, an administrative record'),
  ('security_settings', 'updated_by', null, 'who last changed the security settings, an administrative record');

-- The export: the records above that the person may read (row-level security applies: this
-- runs as the caller), each under its key. A few keys carry names alongside the ids.
create or replace function public.export_my_data() returns jsonb
  language plpgsql stable security invoker set search_path = ''
as $$
declare
  me uuid := (select auth.uid());
  result jsonb;
  entry record;
  rows jsonb;
begin
  if me is null then
    return null;
  end if;
  result := jsonb_build_object(
    'exported_at', now(),
    'user_id', me,
    'email', (select auth.jwt() ->> 'email'),
    'profile', (select to_jsonb(p) from public.profiles p where p.id = me),
    'contacts', (select to_jsonb(c) - 'user_id' from public.profile_contacts c where c.user_id = me),
    'identity', (select to_jsonb(i) from public.student_identities i where i.student_id = me),
    'teacher_settings', (select to_jsonb(ts) - 'user_id' from public.teacher_settings ts where ts.user_id = me),
    'roles', (select coalesce(jsonb_agg(r.role order by r.role), '[]'::jsonb) from public.user_roles r where r.user_id = me),
    'registrations', (
      select coalesce(jsonb_agg(to_jsonb(sr) || jsonb_build_object(
        'programme', pr.name_fr, 'programme_en', pr.name_en, 'level', l.name_fr, 'level_en', l.name_en)
        order by sr.registered_at), '[]'::jsonb)
      from public.student_registrations sr
      left join public.programmes pr on pr.id = sr.programme_id
      left join public.levels l on l.code = sr.level_code
      where sr.student_id = me),
    'enrolments', (
      select coalesce(jsonb_agg(to_jsonb(ce) || jsonb_build_object('course_code', c.code, 'course_title', c.title)
        order by ce.enrolled_at), '[]'::jsonb)
      from public.course_enrollments ce
      left join public.courses c on c.id = ce.course_id
      where ce.user_id = me),
    'grades', (
      select coalesce(jsonb_agg(to_jsonb(g) || jsonb_build_object('evaluation', e.title) order by g.graded_at), '[]'::jsonb)
      from public.grades g
      left join public.evaluations e on e.id = g.evaluation_id
      where g.student_id = me),
    'receipts', (
      select coalesce(jsonb_agg(to_jsonb(rc) order by rc.issued_at), '[]'::jsonb)
      from public.receipts rc
      join public.payments pa on pa.id = rc.payment_id
      where pa.student_id = me),
    'notification_preferences', (
      select coalesce(jsonb_agg(to_jsonb(np) - 'user_id' order by np.type), '[]'::jsonb)
      from public.notification_preferences np where np.user_id = me));
  -- Every other exported record, as its rows.
  for entry in
    select d.table_name, d.person_column, d.export_key from private.personal_data d
    where d.export_key is not null and not result ? d.export_key
    order by d.export_key
  loop
    execute format('select coalesce(jsonb_agg(to_jsonb(t)), ''[]''::jsonb) from public.%I t where t.%I = $1', entry.table_name, entry.person_column)
      into rows using me;
    result := result || jsonb_build_object(entry.export_key, rows);
  end loop;
  return result;
end;
$$;
comment on function public.export_my_data() is
  'The signed-in person''s own data, one key per entry of private.personal_data that is exported, as JSON (row-level security applies).';
revoke execute on function public.export_my_data() from public, anon;
grant execute on function public.export_my_data() to authenticated;
