package testenv_test

import (
	"testing"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/testenv"
)

// The community schema applies and its declaration parses: the fixture the
// real-schema tests build on.
func TestCommunity(t *testing.T) {
	t.Parallel()
	pool := testenv.CommunityPool(t)
	var partitions int
	if err := pool.QueryRow(t.Context(), `SELECT count(*) FROM pg_inherits WHERE inhparent = 'payments'::regclass`).Scan(&partitions); err != nil || partitions != 3 {
		t.Fatalf("payments partitions: %d %v", partitions, err)
	}
	if _, err := config.Parse([]byte(testenv.CommunityConfig), nil); err != nil {
		t.Fatalf("parse the community config: %v", err)
	}
}
