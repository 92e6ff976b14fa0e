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
	_, err := pool.Exec(t.Context(), testenv.CommunityData)
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
