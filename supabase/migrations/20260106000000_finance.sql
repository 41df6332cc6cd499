-- Money: published fee schedules and their instalments, students' payments and receipts.
-- Amounts are XAF, a zero-decimal currency, stored as integer francs (`*_xaf`).

create table public.fee_schedules (
  id uuid primary key default gen_random_uuid(),
  academic_year_id uuid not null references public.academic_years (id) on delete restrict,
  -- What the fees are for: exactly one of a programme (optionally one level), a
  -- professional formation or an extension programme.
  programme_id uuid references public.programmes (id) on delete cascade,
  level_code text references public.levels (code) on delete restrict,
  professional_formation_id uuid references public.professional_formations (id) on delete cascade,
  extension_programme_id uuid references public.extension_programmes (id) on delete cascade,
  label_fr text not null,
  label_en text not null,
  registration_fee_xaf integer not null default 0 check (registration_fee_xaf >= 0),
  tuition_xaf integer not null check (tuition_xaf >= 0),
  created_at timestamptz not null default now(),
  check (num_nonnulls(programme_id, professional_formation_id, extension_programme_id) = 1),
  check (level_code is null or programme_id is not null)
);
comment on table public.fee_schedules is 'Published tuition for a programme (and level), formation or extension programme in one academic year, in XAF.';
create index fee_schedules_academic_year_id_idx on public.fee_schedules (academic_year_id);
create index fee_schedules_programme_id_idx on public.fee_schedules (programme_id);
create index fee_schedules_level_code_idx on public.fee_schedules (level_code);
create index fee_schedules_professional_formation_id_idx on public.fee_schedules (professional_formation_id);
create index fee_schedules_extension_programme_id_idx on public.fee_schedules (extension_programme_id);

create table public.fee_instalments (
  id uuid primary key default gen_random_uuid(),
  fee_schedule_id uuid not null references public.fee_schedules (id) on delete cascade,
  position smallint not null check (position >= 1),
  label_fr text not null,
  label_en text not null,
  amount_xaf integer not null check (amount_xaf > 0),
  due_on date not null,
  unique (fee_schedule_id, position)
);

-- A student's bill: which fee schedule applies to whom.
create table public.student_fees (
  id uuid primary key default gen_random_uuid(),
  student_id uuid not null references public.profiles (id) on delete cascade,
  fee_schedule_id uuid not null references public.fee_schedules (id) on delete restrict,
  -- Scholarships and discounts lower what is owed, never below zero.
  discount_xaf integer not null default 0 check (discount_xaf >= 0),
  created_at timestamptz not null default now(),
  unique (student_id, fee_schedule_id)
);
comment on table public.student_fees is 'A student billed under a fee schedule, with any discount.';
create index student_fees_fee_schedule_id_idx on public.student_fees (fee_schedule_id);

create table public.payments (
  id uuid primary key default gen_random_uuid(),
  student_id uuid not null references public.profiles (id) on delete restrict,
  student_fee_id uuid references public.student_fees (id) on delete set null,
  instalment_id uuid references public.fee_instalments (id) on delete set null,
  amount_xaf integer not null check (amount_xaf > 0),
  method text not null check (method in ('mtn_momo', 'orange_money', 'bank_transfer', 'cash')),
  -- pending until the operator or the bursar confirms it.
  status text not null default 'pending' check (status in ('pending', 'succeeded', 'failed', 'refunded')),
  -- Mobile-money transaction id, bank reference or cash-desk slip number.
  reference text check (reference is null or char_length(reference) <= 100),
  payer_phone text check (payer_phone is null or payer_phone ~ '^\+?[0-9 ]{6,20}$'),
  paid_at timestamptz,
  recorded_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now(),
  check (status <> 'succeeded' or paid_at is not null)
);
create index payments_student_id_idx on public.payments (student_id);
create index payments_student_fee_id_idx on public.payments (student_fee_id);
create index payments_instalment_id_idx on public.payments (instalment_id);
create index payments_recorded_by_idx on public.payments (recorded_by);

create table public.receipts (
  id uuid primary key default gen_random_uuid(),
  payment_id uuid not null unique references public.payments (id) on delete restrict,
  number text not null unique,
  amount_xaf integer not null check (amount_xaf > 0),
  issued_at timestamptz not null default now(),
  -- Optional PDF in the `documents` bucket.
  storage_path text
);
comment on table public.receipts is 'One numbered receipt per succeeded payment, issued automatically.';

-- Receipts are numbered REC-<year>-<000001> and issued when a payment succeeds, so that no
-- one (student or clerk) types a receipt by hand.
create sequence private.receipt_number_seq;

create function private.issue_receipt() returns trigger
  language plpgsql security definer set search_path = ''
as $$
begin
  if new.status = 'succeeded' and (tg_op = 'INSERT' or old.status is distinct from 'succeeded') then
    insert into public.receipts (payment_id, number, amount_xaf, issued_at)
    values (
      new.id,
      'REC-' || to_char(coalesce(new.paid_at, now()), 'YYYY') || '-'
        || lpad(nextval('private.receipt_number_seq')::text, 6, '0'),
      new.amount_xaf,
      coalesce(new.paid_at, now())
    )
    on conflict (payment_id) do nothing;
  end if;
  return new;
end;
$$;
create trigger payments_issue_receipt after insert or update of status on public.payments
  for each row execute function private.issue_receipt();
revoke all on function private.issue_receipt() from public;

create function private.owns_payment(payment uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$ select exists (select 1 from public.payments where id = payment and student_id = (select auth.uid())); $$;

create function private.owns_student_fee(student_fee uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$ select exists (select 1 from public.student_fees where id = student_fee and student_id = (select auth.uid())); $$;

revoke all on function private.owns_payment(uuid), private.owns_student_fee(uuid) from public;
grant execute on function private.owns_payment(uuid), private.owns_student_fee(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- RLS.
alter table public.fee_schedules enable row level security;
alter table public.fee_instalments enable row level security;
alter table public.student_fees enable row level security;
alter table public.payments enable row level security;
alter table public.receipts enable row level security;

-- Published tuition is part of the public catalogue (the site shows fees per programme).
do $$
declare
  t text;
begin
  foreach t in array array['fee_schedules', 'fee_instalments'] loop
    execute format('create policy "%s: published tuition, readable by all" on public.%I for select to anon, authenticated using (true)', t, t);
    execute format('create policy "%s: admins add" on public.%I for insert to authenticated with check ((select private.is_admin()))', t, t);
    execute format('create policy "%s: admins edit" on public.%I for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()))', t, t);
    execute format('create policy "%s: admins remove" on public.%I for delete to authenticated using ((select private.is_admin()))', t, t);
    execute format('revoke all on public.%I from anon', t);
    execute format('grant select on public.%I to anon', t);
  end loop;
end
$$;

create policy "student_fees: the student and admins read" on public.student_fees for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
create policy "student_fees: admins bill" on public.student_fees for insert to authenticated
  with check ((select private.is_admin()));
create policy "student_fees: admins adjust" on public.student_fees for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "student_fees: admins remove" on public.student_fees for delete to authenticated
  using ((select private.is_admin()));

-- A student declares a payment it is making (pending, its own bill); only the bursar
-- (an admin) or the payment operator's webhook (service role) confirms it. Payments are
-- never deleted: a mistaken one is marked failed or refunded.
create policy "payments: the student and admins read" on public.payments for select to authenticated
  using (student_id = (select auth.uid()) or (select private.is_admin()));
create policy "payments: students declare pending payments, admins record any" on public.payments for insert to authenticated
  with check ((student_id = (select auth.uid()) and status = 'pending' and paid_at is null and recorded_by is null
               and (student_fee_id is null or private.owns_student_fee(student_fee_id)))
              or (select private.is_admin()));
create policy "payments: admins confirm" on public.payments for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));

create policy "receipts: the payer and admins read" on public.receipts for select to authenticated
  using (private.owns_payment(payment_id) or (select private.is_admin()));
create policy "receipts: admins attach the PDF" on public.receipts for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));

revoke all on public.student_fees, public.payments, public.receipts from anon;
revoke truncate, references, trigger on public.fee_schedules, public.fee_instalments, public.student_fees,
  public.payments, public.receipts from authenticated;
revoke delete on public.payments, public.receipts from authenticated;
revoke insert on public.receipts from authenticated;
