-- Campus life: private conversations, the community board, official documents
-- (transcripts, certificates) and course reviews.

-- ---------------------------------------------------------------------------------
-- Conversations: a thread between participants (optionally about a course).
create table public.conversations (
  id uuid primary key default gen_random_uuid(),
  subject text not null default '' check (char_length(subject) <= 200),
  course_id uuid references public.courses (id) on delete set null,
  created_by uuid references public.profiles (id) on delete set null,
  created_at timestamptz not null default now()
);
create index conversations_course_id_idx on public.conversations (course_id);
create index conversations_created_by_idx on public.conversations (created_by);

create table public.conversation_participants (
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  user_id uuid not null references public.profiles (id) on delete cascade,
  joined_at timestamptz not null default now(),
  last_read_at timestamptz,
  primary key (conversation_id, user_id)
);
create index conversation_participants_user_id_idx on public.conversation_participants (user_id);

create table public.messages (
  id uuid primary key default gen_random_uuid(),
  conversation_id uuid not null references public.conversations (id) on delete cascade,
  sender_id uuid references public.profiles (id) on delete set null,
  body text not null check (char_length(body) between 1 and 5000),
  created_at timestamptz not null default now(),
  edited_at timestamptz
);
create index messages_conversation_id_created_at_idx on public.messages (conversation_id, created_at);
create index messages_sender_id_idx on public.messages (sender_id);

create function private.is_participant(conversation uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.conversation_participants
    where conversation_id = conversation and user_id = (select auth.uid())
  );
$$;

create function private.started_conversation(conversation uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.conversations
    where id = conversation and created_by = (select auth.uid())
  );
$$;

-- Name cards now also show to conversation partners.
create or replace function private.can_see_profile(person uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select person = (select auth.uid())
    or private.is_admin()
    or exists (
      select 1 from public.course_enrollments theirs
      where theirs.user_id = person and theirs.status in ('active', 'completed')
        and private.is_course_member(theirs.course_id)
    )
    or exists (
      select 1 from public.courses c
      where c.teacher_id = person and private.is_enrolled(c.id)
    )
    or exists (
      select 1 from public.conversation_participants theirs
      where theirs.user_id = person and private.is_participant(theirs.conversation_id)
    );
$$;

-- ---------------------------------------------------------------------------------
-- Community board: posts open to the whole university, or to one course's members.
create table public.community_posts (
  id uuid primary key default gen_random_uuid(),
  author_id uuid references public.profiles (id) on delete set null,
  course_id uuid references public.courses (id) on delete cascade,
  title text not null check (char_length(title) between 1 and 200),
  body text not null check (char_length(body) between 1 and 10000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index community_posts_author_id_idx on public.community_posts (author_id);
create index community_posts_course_id_idx on public.community_posts (course_id);
create index community_posts_created_at_idx on public.community_posts (created_at desc);
create trigger community_posts_touch before update on public.community_posts for each row execute function private.touch_updated_at();

create table public.community_comments (
  id uuid primary key default gen_random_uuid(),
  post_id uuid not null references public.community_posts (id) on delete cascade,
  author_id uuid references public.profiles (id) on delete set null,
  body text not null check (char_length(body) between 1 and 5000),
  created_at timestamptz not null default now()
);
create index community_comments_post_id_idx on public.community_comments (post_id);
create index community_comments_author_id_idx on public.community_comments (author_id);

-- Who may read a post: everyone signed in for university-wide posts, members for a course's.
create function private.can_read_post(post uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select exists (
    select 1 from public.community_posts p
    where p.id = post
      and (p.course_id is null or private.is_course_member(p.course_id) or private.is_admin())
  );
$$;

-- Moderators of a post: admins, and the teacher of the course it belongs to.
create function private.moderates_post(post uuid) returns boolean
  language sql stable security definer set search_path = ''
as $$
  select private.is_admin() or exists (
    select 1 from public.community_posts p
    where p.id = post and p.course_id is not null and private.teaches_course(p.course_id)
  );
$$;

-- ---------------------------------------------------------------------------------
-- Official documents issued by the administration, stored in the `documents` bucket.
create table public.documents (
  id uuid primary key default gen_random_uuid(),
  owner_id uuid not null references public.profiles (id) on delete cascade,
  kind text not null check (kind in ('transcript', 'certificate', 'enrolment_certificate', 'attestation', 'other')),
  title text not null check (char_length(title) between 1 and 200),
  -- Object path in the `documents` bucket: <owner_id>/<file>.
  storage_path text not null,
  issued_by uuid references public.profiles (id) on delete set null,
  issued_at timestamptz not null default now()
);
comment on table public.documents is 'Transcripts, certificates and attestations issued to a student; the file is in storage.';
create index documents_owner_id_idx on public.documents (owner_id);
create index documents_issued_by_idx on public.documents (issued_by);

-- ---------------------------------------------------------------------------------
-- Reviews: a student rates a course it follows, once.
create table public.reviews (
  id uuid primary key default gen_random_uuid(),
  course_id uuid not null references public.courses (id) on delete cascade,
  author_id uuid not null references public.profiles (id) on delete cascade,
  rating smallint not null check (rating between 1 and 5),
  comment text not null default '' check (char_length(comment) <= 2000),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (course_id, author_id)
);
create index reviews_author_id_idx on public.reviews (author_id);
create trigger reviews_touch before update on public.reviews for each row execute function private.touch_updated_at();

revoke all on function private.is_participant(uuid), private.started_conversation(uuid),
  private.can_read_post(uuid), private.moderates_post(uuid) from public;
grant execute on function private.is_participant(uuid), private.started_conversation(uuid),
  private.can_read_post(uuid), private.moderates_post(uuid) to authenticated, service_role;

-- ---------------------------------------------------------------------------------
-- RLS.
alter table public.conversations enable row level security;
alter table public.conversation_participants enable row level security;
alter table public.messages enable row level security;
alter table public.community_posts enable row level security;
alter table public.community_comments enable row level security;
alter table public.documents enable row level security;
alter table public.reviews enable row level security;

create policy "conversations: participants and the starter read" on public.conversations for select to authenticated
  using (created_by = (select auth.uid()) or private.is_participant(id) or (select private.is_admin()));
create policy "conversations: anyone signed in starts one" on public.conversations for insert to authenticated
  with check (created_by = (select auth.uid()));
create policy "conversations: the starter renames it" on public.conversations for update to authenticated
  using (created_by = (select auth.uid()) or (select private.is_admin()))
  with check (created_by = (select auth.uid()) or (select private.is_admin()));
create policy "conversations: the starter and admins remove" on public.conversations for delete to authenticated
  using (created_by = (select auth.uid()) or (select private.is_admin()));

-- The starter adds itself and people whose name card it can see (classmates, teachers…).
create policy "conversation_participants: participants see each other" on public.conversation_participants for select to authenticated
  using (user_id = (select auth.uid()) or private.is_participant(conversation_id) or (select private.is_admin()));
create policy "conversation_participants: the starter invites people it knows" on public.conversation_participants for insert to authenticated
  with check ((private.started_conversation(conversation_id) and private.can_see_profile(user_id))
              or (select private.is_admin()));
create policy "conversation_participants: one marks its own reading" on public.conversation_participants for update to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));
create policy "conversation_participants: one leaves, the starter removes" on public.conversation_participants for delete to authenticated
  using (user_id = (select auth.uid()) or private.started_conversation(conversation_id) or (select private.is_admin()));

create policy "messages: participants read" on public.messages for select to authenticated
  using (private.is_participant(conversation_id) or (select private.is_admin()));
create policy "messages: participants write as themselves" on public.messages for insert to authenticated
  with check (sender_id = (select auth.uid()) and private.is_participant(conversation_id));
create policy "messages: the sender edits its own" on public.messages for update to authenticated
  using (sender_id = (select auth.uid()))
  with check (sender_id = (select auth.uid()) and private.is_participant(conversation_id));
create policy "messages: the sender and admins remove" on public.messages for delete to authenticated
  using (sender_id = (select auth.uid()) or (select private.is_admin()));

create policy "community_posts: university-wide to all, course posts to its members" on public.community_posts for select to authenticated
  using (course_id is null or private.is_course_member(course_id) or (select private.is_admin()));
create policy "community_posts: members post as themselves" on public.community_posts for insert to authenticated
  with check (author_id = (select auth.uid()) and (course_id is null or private.is_course_member(course_id)));
create policy "community_posts: the author edits its own" on public.community_posts for update to authenticated
  using (author_id = (select auth.uid()))
  with check (author_id = (select auth.uid()) and (course_id is null or private.is_course_member(course_id)));
create policy "community_posts: the author and moderators remove" on public.community_posts for delete to authenticated
  using (author_id = (select auth.uid()) or private.moderates_post(id));

create policy "community_comments: readers of the post read" on public.community_comments for select to authenticated
  using (private.can_read_post(post_id));
create policy "community_comments: readers of the post comment as themselves" on public.community_comments for insert to authenticated
  with check (author_id = (select auth.uid()) and private.can_read_post(post_id));
create policy "community_comments: the author edits its own" on public.community_comments for update to authenticated
  using (author_id = (select auth.uid()))
  with check (author_id = (select auth.uid()) and private.can_read_post(post_id));
create policy "community_comments: the author and moderators remove" on public.community_comments for delete to authenticated
  using (author_id = (select auth.uid()) or private.moderates_post(post_id));

create policy "documents: the owner and admins read" on public.documents for select to authenticated
  using (owner_id = (select auth.uid()) or (select private.is_admin()));
create policy "documents: admins issue" on public.documents for insert to authenticated
  with check ((select private.is_admin()));
create policy "documents: admins correct" on public.documents for update to authenticated
  using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "documents: admins revoke" on public.documents for delete to authenticated
  using ((select private.is_admin()));

create policy "reviews: course members and admins read" on public.reviews for select to authenticated
  using (private.is_course_member(course_id) or (select private.is_admin()));
create policy "reviews: enrolled students review once" on public.reviews for insert to authenticated
  with check (author_id = (select auth.uid()) and private.is_enrolled(course_id));
create policy "reviews: the author edits its own" on public.reviews for update to authenticated
  using (author_id = (select auth.uid()))
  with check (author_id = (select auth.uid()) and private.is_enrolled(course_id));
create policy "reviews: the author and admins remove" on public.reviews for delete to authenticated
  using (author_id = (select auth.uid()) or (select private.is_admin()));

revoke all on public.conversations, public.conversation_participants, public.messages,
  public.community_posts, public.community_comments, public.documents, public.reviews from anon;
revoke truncate, references, trigger on public.conversations, public.conversation_participants,
  public.messages, public.community_posts, public.community_comments, public.documents,
  public.reviews from authenticated;
