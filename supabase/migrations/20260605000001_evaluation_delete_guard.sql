-- An evaluation that holds marks cannot be deleted by itself: its marks would go with it
-- (grades cascade) without a history row, and marks change only through audited paths.
-- Removing the whole course still takes its evaluations (a cascade, one trigger level down),
-- and the operator's secret key (service role: maintenance, test clean-up) is not stopped.
create function private.keep_evaluation_with_marks() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if pg_trigger_depth() = 1 and coalesce((select auth.role()), '') <> 'service_role' and exists (select 1 from public.grades g where g.evaluation_id = old.id) then
    raise exception 'this evaluation holds marks: it cannot be deleted' using errcode = '23503';
  end if;
  return old;
end;
$$;
revoke all on function private.keep_evaluation_with_marks() from public, anon, authenticated;
create trigger evaluations_keep_marks before delete on public.evaluations
  for each row execute function private.keep_evaluation_with_marks();
