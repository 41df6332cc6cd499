-- File storage: the buckets and who may read or write which object. Object names carry the
-- ids the rules need, so one helper can decide from the bucket and the path alone:
--
--   avatars           <user_id>/<file>                              public read; owner writes
--   submissions       <course_id>/<assignment_id>/<student_id>/<file> private: the student (enrolled)
--                                                                   writes and reads its own; the
--                                                                   course's teacher reads; admins all
--   documents         <owner_id>/<file>                             private: owner reads; admins write
--                                                                   (transcripts, certificates, receipts)
--   course-materials  <course_id>/<file>                            private: members read; the teacher
--                                                                   and admins write

insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types) values
  ('avatars', 'avatars', true, 2 * 1024 * 1024, array['image/jpeg', 'image/png', 'image/webp']),
  ('submissions', 'submissions', false, 20 * 1024 * 1024, null),
  ('documents', 'documents', false, 10 * 1024 * 1024, array['application/pdf']),
  ('course-materials', 'course-materials', false, 50 * 1024 * 1024, null)
on conflict (id) do nothing;

-- A path segment as a uuid, or null when it is not one (a malformed path is simply denied).
create function private.try_uuid(value text) returns uuid
  language sql immutable set search_path = ''
as $$
  select case when value ~* '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' then value::uuid end;
$$;

-- operation: 'read', 'write' (upload, overwrite, move) or 'delete'.
create function private.can_access_object(bucket text, object_name text, operation text) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select coalesce(case bucket
    when 'avatars' then
      operation = 'read' or private.try_uuid(split_part(object_name, '/', 1)) = (select auth.uid())
    when 'documents' then
      private.is_admin()
      or (operation = 'read' and private.try_uuid(split_part(object_name, '/', 1)) = (select auth.uid()))
    when 'submissions' then
      private.is_admin()
      or (operation = 'read' and private.teaches_course(private.try_uuid(split_part(object_name, '/', 1))))
      or (private.try_uuid(split_part(object_name, '/', 3)) = (select auth.uid())
          and private.is_enrolled(private.try_uuid(split_part(object_name, '/', 1))))
    when 'course-materials' then
      private.is_admin()
      or private.teaches_course(private.try_uuid(split_part(object_name, '/', 1)))
      or (operation = 'read' and private.is_enrolled(private.try_uuid(split_part(object_name, '/', 1))))
    else false
  end, false);
$$;
comment on function private.can_access_object(text, text, text) is 'The storage rules of every bucket, by bucket and object path.';

revoke all on function private.try_uuid(text), private.can_access_object(text, text, text) from public;
grant execute on function private.try_uuid(text), private.can_access_object(text, text, text) to authenticated, service_role;

-- One policy per command, all deciding through the helper.
create policy "objects: readable per bucket rules" on storage.objects for select to authenticated
  using (private.can_access_object(bucket_id, name, 'read'));
create policy "objects: uploads per bucket rules" on storage.objects for insert to authenticated
  with check (private.can_access_object(bucket_id, name, 'write'));
create policy "objects: overwrites per bucket rules" on storage.objects for update to authenticated
  using (private.can_access_object(bucket_id, name, 'write'))
  with check (private.can_access_object(bucket_id, name, 'write'));
create policy "objects: deletions per bucket rules" on storage.objects for delete to authenticated
  using (private.can_access_object(bucket_id, name, 'delete'));

-- Hosted projects grant the API roles these privileges when they create the storage schema;
-- a database that lacks them (the local stack) gets the same, so that RLS decides.
do $$
begin
  if not has_table_privilege('authenticated', 'storage.objects', 'select') then
    grant usage on schema storage to anon, authenticated, service_role;
    grant select, insert, update, delete on storage.objects to authenticated, service_role;
    grant select on storage.objects to anon;
    grant select on storage.buckets to anon, authenticated, service_role;
  end if;
end
$$;
