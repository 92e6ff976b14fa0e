package workers

import (
	"context"
	"fmt"
	"log/slog"
	"testing"
	"time"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
)

// TestExpireHoldColumn: rows whose hold_column is true survive an expire
// run, blob included, while the other expired rows (NULL or false) go;
// with a blob column (claims and batches) and without (direct deletes).
func TestExpireHoldColumn(t *testing.T) {
	t.Parallel()
	for _, withBlobs := range []bool{true, false} {
		t.Run(fmt.Sprintf("blobs=%t", withBlobs), func(t *testing.T) {
			t.Parallel()
			b := expireSetup(t, "    hold_column: legal_hold\n", func(p *config.Expire) {
				if !withBlobs {
					p.BlobKeyColumn, p.BlobPrefix = "", ""
				}
			})
			if _, err := b.pool.Exec(t.Context(), `ALTER TABLE pastes ADD COLUMN legal_hold boolean`); err != nil {
				t.Fatal(err)
			}
			var store blob.Store
			if withBlobs {
				store = b.store
			}
			expired := expireInsertPastes(t, b.pool, store, 150, time.Now().Add(-time.Hour))
			held, unheld := expired[:20], expired[20:]
			setHold := func(ps []paste, v bool) {
				ids := make([]int64, len(ps))
				for i, p := range ps {
					ids[i] = p.ID
				}
				if _, err := b.pool.Exec(t.Context(), `UPDATE pastes SET legal_hold = $2 WHERE id = ANY($1)`, ids, v); err != nil {
					t.Fatal(err)
				}
			}
			setHold(held, true)
			setHold(unheld[:30], false) // the rest stay NULL: not held either

			b.plan(t)

			if got := b.status(t, held); got[db.StatusNotExpired] != len(held) {
				t.Errorf("held pastes by status = %v, want all %d NOT_EXPIRED", got, len(held))
			}
			if got := b.status(t, unheld); got[""] != len(unheld) {
				t.Errorf("unheld expired pastes by status = %v, want all %d gone", got, len(unheld))
			}
			if withBlobs {
				if n := b.blobsLeft(t, held); n != len(held) {
					t.Errorf("%d of %d blobs of held pastes left", n, len(held))
				}
				if n := b.blobsLeft(t, unheld); n != 0 {
					t.Errorf("%d blobs of unheld pastes left", n)
				}
			}
			// Released, they go with the next run.
			setHold(held, false)
			b.plan(t)
			if got := b.status(t, held); got[""] != len(held) {
				t.Errorf("released pastes by status = %v, want all %d gone", got, len(held))
			}
		})
	}
}

// TestSweepHoldColumn: keys whose hold_column is true survive a sweep run
// while the other expired keys go.
func TestSweepHoldColumn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	b := setupSweep(t, slog.LevelInfo)
	if _, err := b.pool.Exec(ctx, `ALTER TABLE lineage_event_idempotency ADD COLUMN legal_hold boolean`); err != nil {
		t.Fatal(err)
	}
	b.policy.HoldColumn = "legal_hold"
	insertKeys(t, b.pool, "lineage_event_idempotency", 25, 7)
	if _, err := b.pool.Exec(ctx, `UPDATE lineage_event_idempotency SET legal_hold = (idempotency_key < 'expired-0005') WHERE idempotency_key < 'expired-0010'`); err != nil {
		t.Fatal(err)
	}
	res, err := b.sweeper.Run(ctx, b.policy, nil)
	if err != nil {
		t.Fatal(err)
	}
	if res.RowsDeleted != 20 {
		t.Errorf("deleted %d rows, want the 20 expired keys not held", res.RowsDeleted)
	}
	if total, expired := countKeys(t, b.pool, "lineage_event_idempotency"); total != 12 || expired != 5 {
		t.Errorf("left %d keys (%d expired), want the 7 fresh and the 5 held", total, expired)
	}
	var held int
	if err := b.pool.QueryRow(ctx, `SELECT count(*) FROM lineage_event_idempotency WHERE legal_hold`).Scan(&held); err != nil || held != 5 {
		t.Errorf("%d held keys left (%v), want 5", held, err)
	}
}
