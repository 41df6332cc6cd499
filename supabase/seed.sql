-- Demo university for local development and tests. Never pushed to production
-- (`supabase db push` does not run seeds). The demo accounts are listed, with their
-- passwords, in supabase/local/demo.ts, which npm start prints.

-- Demo accounts: auth users with confirmed e-mail and a bcrypt password, plus their
-- e-mail identity, using only the columns hosted GoTrue and the local stack share.
with demo (id, email, password, full_name) as (
  values
    ('00000000-0000-4000-a000-000000000001'::uuid, 'etudiant@demo.univ.cm', 'Etudiant-Demo-2026', 'Awa Ngono'),
    ('00000000-0000-4000-a000-000000000002'::uuid, 'enseignant@demo.univ.cm', 'Enseignant-Demo-2026', 'Jean-Paul Mbarga'),
    ('00000000-0000-4000-a000-000000000003'::uuid, 'admin@demo.univ.cm', 'Admin-Demo-2026', 'Chantal Essomba')
), users as (
  insert into auth.users (
    id, aud, role, email, encrypted_password, email_confirmed_at,
    raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
    confirmation_token, recovery_token, email_change, email_change_token_new
  )
  select id, 'authenticated', 'authenticated', email,
         extensions.crypt(password, extensions.gen_salt('bf', 10)), now(),
         '{"provider": "email", "providers": ["email"]}'::jsonb,
         jsonb_build_object('full_name', full_name, 'preferred_locale', 'fr'),
         now(), now(), '', '', '', ''
  from demo
  returning id, email
)
insert into auth.identities (id, provider_id, user_id, identity_data, provider, created_at, updated_at)
select gen_random_uuid(), id::text, id,
       jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true),
       'email', now(), now()
from users;
