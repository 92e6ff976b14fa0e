package testenv

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
)

// CommunitySchema is a schema shaped like an application's own rather than
// like Lethe's fixtures: a community site whose users own posts, comments,
// votes, follows, moderation actions and monthly-partitioned payments.
//
//   - Every foreign key into users is the schema's own ON DELETE CASCADE or
//     SET NULL; users.invited_by is a SET NULL self-reference, and
//     comments.parent_id and moderation_actions.parent_action_id are CASCADE
//     self-references (deleting a user's moderation action removes the
//     follow-ups other moderators wrote about it).
//   - votes and follows have composite primary keys, and a statement
//     trigger that refuses any DELETE not coming from a cascade.
//   - Several referencing columns are indexed only by partial indexes
//     (col) WHERE col IS NOT NULL.
//   - payments is partitioned by month; its foreign key to users exists on
//     two of its three partitions and not on the parent, and its key
//     payments.order_ref references orders without one on any.
//   - Every table has an application trigger that stamps updated_at.
//
// CommunityConfig declares its user entity as an operator would: the
// schema's cascades as on_delete edges, the rest as Lethe's own.
const CommunitySchema = `
CREATE FUNCTION community_touch() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    NEW.updated_at := now();
    RETURN NEW;
END $$;

-- Deletes from votes and follows are only allowed as a cascade of their
-- user's or post's deletion, as some applications insist.
CREATE FUNCTION community_refuse_direct_delete() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    IF pg_trigger_depth() < 2 THEN
        RAISE EXCEPTION 'rows of % are deleted only by a cascade', TG_TABLE_NAME;
    END IF;
    RETURN NULL;
END $$;

CREATE TABLE users (
    id          bigint PRIMARY KEY,
    name        text NOT NULL,
    invited_by  bigint REFERENCES users (id) ON DELETE SET NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX users_invited_by_idx ON users (invited_by) WHERE invited_by IS NOT NULL;
CREATE TRIGGER users_touch BEFORE UPDATE ON users FOR EACH ROW EXECUTE FUNCTION community_touch();

CREATE TABLE posts (
    id          bigserial PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    body        text NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX posts_user_id_idx ON posts (user_id);
CREATE TRIGGER posts_touch BEFORE UPDATE ON posts FOR EACH ROW EXECUTE FUNCTION community_touch();

CREATE TABLE comments (
    id          bigserial PRIMARY KEY,
    post_id     bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_id   bigint REFERENCES comments (id) ON DELETE CASCADE,
    body        text NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX comments_post_id_idx ON comments (post_id);
CREATE INDEX comments_user_id_idx ON comments (user_id);
CREATE INDEX comments_parent_id_idx ON comments (parent_id) WHERE parent_id IS NOT NULL;
CREATE TRIGGER comments_touch BEFORE UPDATE ON comments FOR EACH ROW EXECUTE FUNCTION community_touch();

CREATE TABLE votes (
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    post_id     bigint NOT NULL REFERENCES posts (id) ON DELETE CASCADE,
    value       smallint NOT NULL,
    PRIMARY KEY (user_id, post_id)
);
CREATE INDEX votes_post_id_idx ON votes (post_id);
CREATE TRIGGER votes_refuse_direct_delete BEFORE DELETE ON votes
    FOR EACH STATEMENT EXECUTE FUNCTION community_refuse_direct_delete();

CREATE TABLE follows (
    follower_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    followee_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    PRIMARY KEY (follower_id, followee_id)
);
CREATE INDEX follows_followee_id_idx ON follows (followee_id);
CREATE TRIGGER follows_refuse_direct_delete BEFORE DELETE ON follows
    FOR EACH STATEMENT EXECUTE FUNCTION community_refuse_direct_delete();

CREATE TABLE moderation_actions (
    id                bigserial PRIMARY KEY,
    moderator_id      bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    parent_action_id  bigint REFERENCES moderation_actions (id) ON DELETE CASCADE,
    note              text NOT NULL
);
CREATE INDEX moderation_actions_moderator_id_idx ON moderation_actions (moderator_id);
CREATE INDEX moderation_actions_parent_idx ON moderation_actions (parent_action_id) WHERE parent_action_id IS NOT NULL;

CREATE TABLE notifications (
    id          bigserial PRIMARY KEY,
    user_id     bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    actor_id    bigint REFERENCES users (id) ON DELETE SET NULL,
    body        text NOT NULL
);
CREATE INDEX notifications_user_id_idx ON notifications (user_id);
CREATE INDEX notifications_actor_id_idx ON notifications (actor_id) WHERE actor_id IS NOT NULL;

CREATE TABLE orders (
    id          bigserial PRIMARY KEY,
    user_id     bigint NOT NULL,
    total_cents bigint NOT NULL,
    updated_at  timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX orders_user_id_idx ON orders (user_id);

-- Monthly partitions; the foreign key to users is on two partitions only,
-- as a schema that added it partition by partition has it.
CREATE TABLE payments (
    id          bigserial,
    user_id     bigint NOT NULL,
    order_ref   bigint,
    amount      bigint NOT NULL,
    created_at  timestamptz NOT NULL,
    PRIMARY KEY (id, created_at)
) PARTITION BY RANGE (created_at);
CREATE TABLE payments_2026_09 PARTITION OF payments FOR VALUES FROM ('2026-09-01') TO ('2026-10-01');
CREATE TABLE payments_2026_10 PARTITION OF payments FOR VALUES FROM ('2026-10-01') TO ('2026-11-01');
CREATE TABLE payments_2026_11 PARTITION OF payments FOR VALUES FROM ('2026-11-01') TO ('2026-12-01');
ALTER TABLE payments_2026_10 ADD CONSTRAINT payments_2026_10_user_fk FOREIGN KEY (user_id) REFERENCES users (id);
ALTER TABLE payments_2026_11 ADD CONSTRAINT payments_2026_11_user_fk FOREIGN KEY (user_id) REFERENCES users (id);
CREATE INDEX payments_user_id_idx ON payments (user_id);
`

// CommunityConfig declares the user entity of CommunitySchema with every
// edge its foreign keys ask for.
const CommunityConfig = `
entities:
  - name: user
    table: users
    key_column: id
    edges:
      - {table: users, column: invited_by, references: users.id, on_delete: set_null}
      - {table: posts, column: user_id, references: users.id}
      - {table: comments, column: user_id, references: users.id}
      - {table: comments, column: post_id, references: posts.id}
      - {table: comments, column: parent_id, references: comments.id, on_delete: cascade}
      - {table: votes, column: user_id, references: users.id, on_delete: cascade}
      - {table: votes, column: post_id, references: posts.id, on_delete: cascade}
      - {table: follows, column: follower_id, references: users.id, on_delete: cascade}
      - {table: follows, column: followee_id, references: users.id, on_delete: cascade}
      - {table: moderation_actions, column: moderator_id, references: users.id}
      - {table: moderation_actions, column: parent_action_id, references: moderation_actions.id, on_delete: cascade}
      - {table: notifications, column: user_id, references: users.id}
      - {table: notifications, column: actor_id, references: users.id, on_delete: set_null}
      - {table: orders, column: user_id, references: users.id}
      - {table: payments, column: user_id, references: users.id}
policies:
  - name: users
    kind: tombstone
    entity: user
`

// CommunityData is a few users of CommunitySchema whose deletion shows
// every shape: user 1 (ann) has its own rows, other users' rows that go
// with its posts (bob's comment on its post), cascades beyond it (cyd's
// reply to its comment, follow-ups by other moderators to its moderation
// action), and rows that stay with a column set to NULL (user 3, invited by
// it, and a notification it caused).
const CommunityData = `
INSERT INTO users (id, name, invited_by) VALUES (1, 'ann', NULL), (2, 'bob', NULL), (3, 'cyd', 1), (4, 'dee', NULL);
INSERT INTO posts (id, user_id, body) VALUES (1, 1, 'p1'), (2, 1, 'p2'), (3, 2, 'p3');
INSERT INTO comments (id, post_id, user_id, parent_id, body) VALUES
    (1, 1, 2, NULL, 'bob on ann''s post'), (2, 3, 1, NULL, 'ann on bob''s post'),
    (3, 3, 3, 2, 'cyd replies to ann'), (4, 3, 2, NULL, 'bob on his own post');
INSERT INTO votes (user_id, post_id, value) VALUES (1, 3, 1), (2, 1, 1), (3, 3, 1);
INSERT INTO follows (follower_id, followee_id) VALUES (1, 2), (3, 1), (2, 3);
INSERT INTO moderation_actions (id, moderator_id, parent_action_id, note) VALUES
    (1, 1, NULL, 'ann flags'), (2, 2, 1, 'bob follows up'), (3, 4, 2, 'dee follows up'), (4, 2, NULL, 'bob flags');
INSERT INTO notifications (user_id, actor_id, body) VALUES (1, 2, 'to ann'), (2, 1, 'from ann'), (3, 2, 'to cyd');
INSERT INTO orders (id, user_id, total_cents) VALUES (1, 1, 100), (2, 2, 200);
INSERT INTO payments (user_id, order_ref, amount, created_at) VALUES
    (1, 1, 100, '2026-09-15'), (1, 1, 100, '2026-10-15'), (2, 2, 200, '2026-11-15');
`

// CommunityPool returns a pool on a new migrated database (MigratedPool)
// that also holds CommunitySchema, without guards.
func CommunityPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	pool := MigratedPool(t)
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	if _, err := pool.Exec(ctx, CommunitySchema); err != nil {
		t.Fatalf("testenv: create the community schema: %v", err)
	}
	return pool
}
