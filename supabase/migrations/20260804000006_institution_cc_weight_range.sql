-- The institution's CC weight is the default of each new course (20260804000003_course_weights),
-- whose own weight is constrained to DOMAIN §2's 20–40 %: the setting was still 0–100 and was
-- clamped silently when a course was created. It takes the same range; a value outside is
-- brought to the nearest bound first (as new courses already took it).
update public.institution_settings set cc_weight = greatest(20, least(40, cc_weight))
  where cc_weight not between 20 and 40;
alter table public.institution_settings drop constraint institution_settings_cc_weight_check;
alter table public.institution_settings add constraint institution_settings_cc_weight_check check (cc_weight between 20 and 40);
comment on column public.institution_settings.cc_weight is
  'Default CC weight (%, 20–40) of a new course; each course has its own (courses.cc_weight), the exam weighs the rest.';
