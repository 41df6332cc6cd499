-- Policy names under Postgres's 63-byte identifier limit (issue 15, item 9).
--
-- Postgres cuts a longer name at 63 bytes with a mere NOTICE, so these policies carried
-- names that ended mid-word ("…and admins rea") on every database, local or hosted, and no
-- file said what the database held. Renamed here (the old name, cut the same way, still
-- finds each policy); the 63-byte name of grades' read policy is shortened with them, so
-- that tests/fixtures/db-lints.ts can require every name to stay under 63 bytes.
alter policy "course_enrollments: the student, the course's teacher and admins read" on public.course_enrollments
  rename to "course_enrollments: the student, its teacher and admins read";
alter policy "assignment_submissions: the student, the teacher and admins read" on public.assignment_submissions
  rename to "assignment_submissions: the student, the teacher, admins read";
alter policy "assignment_submissions: the student revises ungraded work, the teacher grades" on public.assignment_submissions
  rename to "assignment_submissions: student revises, teacher grades";
alter policy "assignment_submissions: the student withdraws ungraded work, admins remove" on public.assignment_submissions
  rename to "assignment_submissions: the student withdraws, admins remove";
alter policy "quizzes: students see published ones, the teacher and admins all" on public.quizzes
  rename to "quizzes: students see published ones, teacher and admins all";
alter policy "community_posts: university-wide to all, course posts to its members" on public.community_posts
  rename to "community_posts: university-wide to all, a course's to members";
alter policy "attendance: the teacher corrects its students' register, admins any" on public.attendance
  rename to "attendance: the teacher corrects its students, admins any";
alter policy "grades: the student once published, the teacher and admins read" on public.grades
  rename to "grades: the student once published, teacher and admins read";
