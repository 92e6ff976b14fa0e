package entity_test

import (
	"fmt"
	"testing"

	"github.com/lethehq/lethe/db"
)

func TestExisting(t *testing.T) {
	t.Parallel()
	a := setupAccounts(t)
	a.account(t, 1, 2, 3)
	a.account(t, 2, 0, 0)
	found, err := a.ent.Existing(a.ctx, db.Timeouts{}.Pool(a.pool), []string{uuid(1), uuid(2), uuid(3)})
	if err != nil {
		t.Fatal(err)
	}
	if fmt.Sprint(found) != fmt.Sprint(map[string]bool{uuid(1): true, uuid(2): true}) {
		t.Errorf("Existing = %v, want accounts 1 and 2 (3 was never created)", found)
	}
	a.exec(t, `DELETE FROM api_keys`)
	a.exec(t, `DELETE FROM tasks`)
	a.exec(t, `DELETE FROM projects`)
	a.exec(t, `DELETE FROM accounts WHERE id = $1`, uuid(1))
	if found, err := a.ent.Existing(a.ctx, db.Timeouts{}.Pool(a.pool), []string{uuid(1), uuid(2)}); err != nil || len(found) != 1 || !found[uuid(2)] {
		t.Errorf("after deleting account 1: Existing = %v, %v; want only account 2", found, err)
	}
}
