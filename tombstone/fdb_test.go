//go:build foundationdb

package tombstone_test

import (
	"os"
	"testing"

	"github.com/apple/foundationdb/bindings/go/src/fdb/subspace"

	"github.com/lethehq/lethe/tombstone"
)

// TestFDBStore runs the Store behaviour against a real FoundationDB cluster
// named by LETHE_FDB_CLUSTER_FILE, in a subspace of its own.
func TestFDBStore(t *testing.T) {
	clusterFile := os.Getenv("LETHE_FDB_CLUSTER_FILE")
	if clusterFile == "" {
		t.Skip("LETHE_FDB_CLUSTER_FILE is not set: set it to an fdb.cluster file to test the FoundationDB tombstone store")
	}
	t.Parallel()
	store, err := tombstone.NewFDB(tombstone.FDBOptions{
		ClusterFile: clusterFile,
		Indexes:     subspace.Sub("lethe-test", uniqueKey("fdb"), "indexes"),
	})
	if err != nil {
		t.Fatal(err)
	}
	testStore(t, func(t *testing.T) tombstone.Store { return store })
}
