-- The reasonless path to drop (or re-activate) an enrolment is gone: the course page now
-- withdraws and enrols one student through withdraw_student / enrol_student
-- (20260813000000_registrar_tools.sql), which require a 5–500 character reason that the
-- audit log keeps. Nothing in the app calls set_enrolment_status any more; leaving it
-- granted would let an admin session change an enrolment with no reason recorded.
drop function public.set_enrolment_status(uuid, text);
