package main

import (
	"strings"
	"testing"

	"github.com/lethehq/lethe/internal/testenv"
)

// TestDryRunTrial previews a user of the community schema from the command
// line: the trial's table shows the schema's cascades and SET NULLs and the
// rows beyond the user; declared as Lethe's own, votes' refusing trigger
// fails the trial with the table and the database's message.
func TestDryRunTrial(t *testing.T) {
	t.Parallel()
	pool := testenv.CommunityPool(t)
	_, err := pool.Exec(t.Context(), `
		INSERT INTO users (id, name, invited_by) VALUES (1, 'ann', NULL), (2, 'bob', NULL), (3, 'cyd', 1), (4, 'dee', NULL);
		INSERT INTO posts (id, user_id, body) VALUES (1, 1, 'p1'), (2, 1, 'p2'), (3, 2, 'p3');
		INSERT INTO comments (id, post_id, user_id, parent_id, body) VALUES
		    (1, 1, 2, NULL, 'c1'), (2, 3, 1, NULL, 'c2'), (3, 3, 3, 2, 'c3'), (4, 3, 2, NULL, 'c4');
		INSERT INTO votes (user_id, post_id, value) VALUES (1, 3, 1), (2, 1, 1), (3, 3, 1);
		INSERT INTO follows (follower_id, followee_id) VALUES (1, 2), (3, 1), (2, 3);
		INSERT INTO moderation_actions (id, moderator_id, parent_action_id, note) VALUES
		    (1, 1, NULL, 'm1'), (2, 2, 1, 'm2'), (3, 4, 2, 'm3'), (4, 2, NULL, 'm4');
		INSERT INTO notifications (user_id, actor_id, body) VALUES (1, 2, 'n1'), (2, 1, 'n2'), (3, 2, 'n3');
		INSERT INTO orders (id, user_id, total_cents) VALUES (1, 1, 100), (2, 2, 200);
		INSERT INTO payments (user_id, order_ref, amount, created_at) VALUES
		    (1, 1, 100, '2026-09-15'), (1, 1, 100, '2026-10-15'), (2, 2, 200, '2026-11-15');`)
	if err != nil {
		t.Fatal(err)
	}
	dryRun := func(t *testing.T, decl string) string {
		t.Helper()
		cfgPath := writeConfig(t, "database:\n  url: \""+pool.Config().ConnString()+"\"\n"+decl)
		code, stdout, stderr := runCLI(t, nil, "delete", "--dry-run", "user", "1", "--config", cfgPath)
		if code != 0 {
			t.Fatalf("lethe delete --dry-run: exit %d\n%s\n%s", code, stdout, stderr)
		}
		t.Log("\n" + stdout)
		return stdout
	}

	out := dryRun(t, testenv.CommunityConfig)
	for _, want := range []string{
		"  total                            14\n",
		"rows of users that reference it and stay, their column set to NULL by the schema: 1",
		"trial (the deletion's statements run and rolled back, lock_timeout 2s, statement_timeout 30s): ok\n",
		"  moderation_actions                3          0          2\n",
		"  users                             1          1          0\n",
		"  votes                             2          0          0  (schema-owned)\n",
		"warning: moderation_actions: 2 of the 3 rows deleted are beyond the entity's own",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("dry run lacks %q", want)
		}
	}
	if strings.Contains(out, "delete from votes") {
		t.Errorf("the dry run would delete from votes, which the schema owns:\n%s", out)
	}

	out = dryRun(t, strings.Replace(testenv.CommunityConfig, "{table: votes, column: user_id, references: users.id, on_delete: cascade}", "{table: votes, column: user_id, references: users.id}", 1))
	if want := "FAILED on table votes: rows of votes are deleted only by a cascade (SQLSTATE P0001)"; !strings.Contains(out, want) {
		t.Errorf("dry run lacks %q", want)
	}
}
