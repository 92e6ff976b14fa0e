package ledger_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/testenv"
	"github.com/lethehq/lethe/ledger"
)

func entry(id, op, key string, at time.Time) ledger.Entry {
	return ledger.Entry{ID: id, Op: op, Entity: "run", Key: key, At: at, Rows: map[string]int64{"runs": 1}, BlobPrefix: "runs/" + key + "/"}
}

// TestLedger writes segments to a local store and to S3 (versitygw) and
// reads them back as replay and the start check do: by time across day
// folders, one entry per deletion ID however often a flush rewrote it, the
// latest operation of each key deciding; and prunes what is older than the
// retention, nothing else.
func TestLedger(t *testing.T) {
	t.Parallel()
	local, err := blob.NewLocal(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	for name, store := range map[string]blob.Store{"Local": local, "S3": testenv.S3Store(t)} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ctx := t.Context()
			const prefix = "lethe-ledger/"
			day1 := time.Date(2026, 11, 26, 23, 59, 0, 0, time.UTC)
			day2 := day1.Add(2 * time.Minute)
			now := day2.Add(time.Hour)
			first := []ledger.Entry{entry("a", db.LedgerOpDelete, "k1", day1), entry("b", db.LedgerOpDelete, "k2", day1.Add(time.Second))}
			seg1, err := ledger.Write(ctx, store, prefix, day1.Add(2*time.Second), first)
			if err != nil {
				t.Fatal(err)
			}
			if want := "lethe-ledger/2026/11/26/20261126T235902.000000Z-a.jsonl.gz"; seg1 != want {
				t.Errorf("segment %s, want %s", seg1, want)
			}
			// A flush that could not record its segment writes it again,
			// with a later entry.
			again := append(first, entry("c", db.LedgerOpUndelete, "k1", day2))
			if _, err := ledger.Write(ctx, store, prefix, day2.Add(time.Second), again); err != nil {
				t.Fatal(err)
			}
			got, err := ledger.Read(ctx, store, prefix, day1, now)
			if err != nil {
				t.Fatal(err)
			}
			if ids := fmt.Sprint(idsOf(got)); ids != "[a b c]" {
				t.Errorf("read %s, want each deletion once: [a b c]", ids)
			}
			if latest := fmt.Sprint(idsOf(ledger.Latest(got))); latest != "[b c]" {
				t.Errorf("latest per key %s, want [b c] (k1 undeleted after its deletion)", latest)
			}
			if got, err := ledger.Read(ctx, store, prefix, day2, now); err != nil || fmt.Sprint(idsOf(got)) != "[c]" {
				t.Errorf("read since the second day: %v, %v; want [c]", idsOf(got), err)
			}
			if got[0].Rows["runs"] != 1 || got[0].BlobPrefix != "runs/k1/" {
				t.Errorf("entry read back as %+v", got[0])
			}
			if err := store.Put(ctx, prefix+"README", []byte("not a segment")); err != nil {
				t.Fatal(err)
			}
			n, err := ledger.Prune(ctx, store, prefix, day2)
			if err != nil || n != 1 {
				t.Fatalf("prune: %d, %v; want the first day's segment", n, err)
			}
			if got, err := ledger.Read(ctx, store, prefix, day1, now); err != nil || fmt.Sprint(idsOf(got)) != "[a b c]" {
				t.Errorf("after the prune: %v, %v; want the rewritten entries still there", idsOf(got), err)
			}
			if ok, err := store.Exists(ctx, prefix+"README"); err != nil || !ok {
				t.Errorf("the prune deleted a key that is not a segment: %t, %v", ok, err)
			}
		})
	}
}

func idsOf(entries []ledger.Entry) []string {
	out := make([]string, len(entries))
	for i, e := range entries {
		out[i] = e.ID
	}
	return out
}
