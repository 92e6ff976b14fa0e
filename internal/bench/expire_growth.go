package bench

import (
	"cmp"
	"context"
	"fmt"
	"io"
	"log/slog"
	"math"
	"os"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db"
)

// ExpireGrowthOptions configures ExpireGrowth. Zero values take the defaults
// noted.
type ExpireGrowthOptions struct {
	// ServerURL connects to a PostgreSQL server as a user that may create
	// databases; the benchmark creates its own and drops it after.
	ServerURL string
	Sizes     []int // table sizes measured, in rows, ascending (1M, 5M, 10M, 20M)
	Expired   int   // expired rows added, then claimed and deleted, in each round (50,000; see DuePercent)
	// DuePercent, when positive, sets each round's expired rows to that
	// share of the table's size instead of Expired (1 % of 20M is 200,000).
	DuePercent float64
	Rounds     int // rounds at each size, their batches pooled (3)
	BatchSize  int // rows a batch (1,000, the policy default)
	Out        io.Writer
	Logger     *slog.Logger
}

func (o *ExpireGrowthOptions) defaults() {
	if len(o.Sizes) == 0 {
		o.Sizes = []int{1_000_000, 5_000_000, 10_000_000, 20_000_000}
	}
	o.Expired = cmp.Or(o.Expired, 50_000)
	o.Rounds = cmp.Or(o.Rounds, 3)
	o.BatchSize = cmp.Or(o.BatchSize, 1_000)
	if o.Out == nil {
		o.Out = os.Stdout
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
}

// expireGrowthStep is the batches measured at one table size: each batch's
// time and its claim's.
type expireGrowthStep struct {
	batches []time.Duration // claim plus finish, each in its own transaction
	claims  []time.Duration
	rows    int             // rows claimed and deleted
	counts  []time.Duration // the dashboard's counts (db.CountStatus), before each round's claims
	backlog int64           // the backlog they counted in the last round
}

// perRow is the step's batch time a row, and its claims' (the planner's
// share).
func (s expireGrowthStep) perRow() (batch, claim time.Duration) {
	return growthSum(s.batches) / time.Duration(s.rows), growthSum(s.claims) / time.Duration(s.rows)
}

// mean is the step's time per batch. Batch times are bimodal on this kind of
// machine (a batch that waits on a WAL write or a new page takes about twice
// as long), so the median flips between the modes run to run; the mean
// follows their mix smoothly.
func (s expireGrowthStep) mean() time.Duration {
	return growthSum(s.batches) / time.Duration(len(s.batches))
}

// ExpireGrowth measures the time of one expire batch — the planner's claim
// transaction plus the batch's delete transaction, as the workers run them —
// as the pastes table grows: at each size, Rounds times, it adds Expired
// expired rows to a table of live ones, claims and deletes them batch by
// batch, and reports each size's mean batch time against the first size's.
// The target: flat within ±25 % from 1M to 20M rows.
func ExpireGrowth(ctx context.Context, opts ExpireGrowthOptions) error {
	opts.defaults()
	out := opts.Out
	pool, dropDB, err := freshDatabase(ctx, opts.ServerURL, "expire_growth", opts.Logger)
	if err != nil {
		return err
	}
	defer dropDB()
	defer pool.Close()

	table, err := db.LookupExpireTable(ctx, pool, db.ExpireColumns{
		Policy: "bench", Table: "pastes", Key: "id", ExpiresAt: "expires_at",
		Status: "deletion_status", InitiatedAt: "deletion_initiated_at",
	})
	if err != nil {
		return err
	}
	if _, err := pool.Exec(ctx, `TRUNCATE pastes`); err != nil {
		return err
	}
	due := fmt.Sprintf("%d expired rows", opts.Expired)
	if opts.DuePercent > 0 {
		due = fmt.Sprintf("%g %% of the table due", opts.DuePercent)
	}
	fmt.Fprintf(out, "lethe-bench expire-growth: %d rounds at each size of %s, batches of %d (claim + delete)\n", opts.Rounds, due, opts.BatchSize)
	fmt.Fprintf(out, "  (the planner's cost is the claim; the dashboard's counts are db.CountStatus, capped at %d, timed before each round's claims)\n\n", growthCountCap)
	fmt.Fprintf(out, "  %12s %8s %10s %10s %10s %12s %10s %10s %12s %10s %12s %10s\n", "table rows", "batches", "mean", "median", "p90", "claim mean",
		"µs/row", "claim µs/row", "counts", "backlog", "loaded in", "÷ first")

	var (
		steps  []expireGrowthStep
		loaded int
		nextID int64 = 1
	)
	for _, size := range opts.Sizes {
		start := time.Now()
		if err := expireGrowthLoad(ctx, pool, &nextID, size-loaded); err != nil {
			return err
		}
		loaded = max(loaded, size)
		var step expireGrowthStep
		expired := opts.Expired
		if opts.DuePercent > 0 {
			expired = max(1, int(float64(size)*opts.DuePercent/100))
		}
		for range opts.Rounds {
			if err := expireGrowthMeasure(ctx, pool, table, &nextID, &step, expired, opts.BatchSize); err != nil {
				return err
			}
		}
		loadTime := time.Since(start) - growthSum(step.batches) - growthSum(step.counts)
		steps = append(steps, step)
		ratio := float64(step.mean()) / float64(steps[0].mean())
		batchRow, claimRow := step.perRow()
		fmt.Fprintf(out, "  %12d %8d %10s %10s %10s %12s %10.1f %12.1f %12s %10d %12s %10.2f\n", size, len(step.batches),
			step.mean().Round(10*time.Microsecond), growthQuantile(step.batches, 0.5).Round(10*time.Microsecond),
			growthQuantile(step.batches, 0.9).Round(10*time.Microsecond),
			(growthSum(step.claims) / time.Duration(len(step.claims))).Round(10*time.Microsecond),
			float64(batchRow)/1e3, float64(claimRow)/1e3,
			growthQuantile(step.counts, 0.5).Round(10*time.Microsecond), step.backlog,
			loadTime.Round(time.Second), ratio)
	}

	worst := 0.0 // the change from the first size's mean furthest from zero
	for _, s := range steps[1:] {
		if d := float64(s.mean())/float64(steps[0].mean()) - 1; math.Abs(d) > math.Abs(worst) {
			worst = d
		}
	}
	verdict := "meets"
	if math.Abs(worst) > 0.25 {
		verdict = "MISSES"
	}
	fmt.Fprintf(out, "\nLargest change of the mean batch time from %d rows: %+.0f%% (target within ±25%%: %s)\n",
		opts.Sizes[0], 100*worst, verdict)
	first, last := steps[0], steps[len(steps)-1]
	firstBatch, firstClaim := first.perRow()
	lastBatch, lastClaim := last.perRow()
	firstCount, lastCount := growthQuantile(first.counts, 0.5), growthQuantile(last.counts, 0.5)
	fmt.Fprintf(out, "Counts (median): %s for a backlog of %d at %d rows, %s for %d at %d rows: %.2f µs and %.2f µs a backlog row\n",
		firstCount.Round(10*time.Microsecond), first.backlog, opts.Sizes[0], lastCount.Round(10*time.Microsecond), last.backlog, opts.Sizes[len(opts.Sizes)-1],
		float64(firstCount)/1e3/float64(max(first.backlog, 1)), float64(lastCount)/1e3/float64(max(last.backlog, 1)))
	fmt.Fprintf(out, "ratio expire_growth_batch_per_row_top_vs_first %.2f\n", float64(lastBatch)/float64(firstBatch))
	fmt.Fprintf(out, "ratio expire_growth_claim_per_row_top_vs_first %.2f\n", float64(lastClaim)/float64(firstClaim))
	fmt.Fprintf(out, "ratio expire_growth_counts_top_vs_first %.2f\n", float64(lastCount)/float64(firstCount))
	fmt.Fprintf(out, "ratio expire_growth_counts_per_backlog_row_top_vs_first %.2f\n",
		(float64(lastCount)/float64(max(last.backlog, 1)))/(float64(firstCount)/float64(max(first.backlog, 1))))
	hwm, err := peakRSS()
	if err != nil {
		return err
	}
	fmt.Fprintf(out, "Peak RSS (VmHWM): %.1f MB\n", float64(hwm)/(1<<20))
	return nil
}

// expireGrowthLoad appends n live rows (expiring in a day) to pastes, in
// chunks, with the table's indexes in place, as a growing table gets them.
func expireGrowthLoad(ctx context.Context, pool *pgxpool.Pool, nextID *int64, n int) error {
	const chunk = 500_000
	for n > 0 {
		k := min(n, chunk)
		if _, err := pool.Exec(ctx, `
			INSERT INTO pastes (id, title, expires_at)
			SELECT g, 'paste ' || g, now() + interval '1 day' + make_interval(secs => g % 86400)
			FROM generate_series($1::bigint, $1::bigint + $2 - 1) g`, *nextID, k); err != nil {
			return fmt.Errorf("load pastes: %w", err)
		}
		*nextID += int64(k)
		n -= k
	}
	return nil
}

// expireGrowthMeasure adds expired rows, vacuums and checkpoints, then claims
// and deletes them batch by batch and adds each batch's time to step.
func expireGrowthMeasure(ctx context.Context, pool *pgxpool.Pool, table *db.ExpireTable, nextID *int64, step *expireGrowthStep, expired, batchSize int) error {
	batches := len(step.batches)
	if _, err := pool.Exec(ctx, `
		INSERT INTO pastes (id, title, expires_at)
		SELECT g, 'paste ' || g, now() - make_interval(secs => g % 86400)
		FROM generate_series($1::bigint, $1::bigint + $2 - 1) g`, *nextID, expired); err != nil {
		return fmt.Errorf("add expired pastes: %w", err)
	}
	*nextID += int64(expired)
	// As expireResetTable: vacuumed, analysed, and right after a checkpoint.
	if _, err := pool.Exec(ctx, `VACUUM ANALYZE pastes`); err != nil {
		return fmt.Errorf("vacuum pastes: %w", err)
	}
	if _, err := pool.Exec(ctx, `CHECKPOINT`); err != nil {
		return fmt.Errorf("checkpoint (needs superuser or pg_checkpoint): %w", err)
	}

	// The dashboard's counts of the policy's rows, as web's policy status
	// runs them, over the backlog just added.
	for range 3 {
		start := time.Now()
		c, err := db.CountStatus(ctx, db.Timeouts{}.Pool(pool), db.StatusTable{
			Table: "pastes", ExpiresAtColumn: "expires_at", StatusColumn: "deletion_status",
			InitiatedAtColumn: "deletion_initiated_at", StuckAfter: 2 * time.Hour,
		}, growthCountCap)
		if err != nil {
			return err
		}
		step.counts = append(step.counts, time.Since(start))
		step.backlog = c.Backlog
	}

	var cursor db.ClaimCursor
	for {
		var claim db.ClaimedBatch
		start := time.Now()
		err := expireGrowthTx(ctx, pool, func(tx pgx.Tx) error {
			bounded, err := db.Timeouts{}.Tx(ctx, tx) // the connection's defaults
			if err != nil {
				return err
			}
			claim, err = table.Claim(ctx, bounded, batchSize, cursor)
			return err
		})
		if err != nil {
			return err
		}
		if claim.Rows == 0 {
			break
		}
		claimed := time.Since(start)
		cursor = claim.Cursor
		var deleted int64
		err = expireGrowthTx(ctx, pool, func(tx pgx.Tx) error {
			bounded, err := db.Timeouts{}.Tx(ctx, tx) // the connection's defaults
			if err != nil {
				return err
			}
			deleted, err = table.Finish(ctx, bounded, claim.At, false)
			return err
		})
		if err != nil {
			return err
		}
		if deleted != int64(claim.Rows) {
			return fmt.Errorf("batch claimed %d rows and deleted %d", claim.Rows, deleted)
		}
		step.claims = append(step.claims, claimed)
		step.batches = append(step.batches, time.Since(start))
		step.rows += claim.Rows
	}
	if n := len(step.batches) - batches; n*batchSize < expired {
		return fmt.Errorf("%d batches of %d for %d expired rows", n, batchSize, expired)
	}
	return nil
}

// growthCountCap is the cap of the dashboard's counts (web's countCap).
const growthCountCap = 1_000_000

// expireGrowthTx runs fn in a transaction that commits asynchronously, as
// the planner's and the batch worker's do.
func expireGrowthTx(ctx context.Context, pool *pgxpool.Pool, fn func(tx pgx.Tx) error) error {
	return pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if err := db.AsyncCommit(ctx, tx); err != nil {
			return err
		}
		return fn(tx)
	})
}

// growthQuantile returns the q-quantile of ds (nearest rank), without changing ds.
func growthQuantile(ds []time.Duration, q float64) time.Duration {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	return s[max(0, min(len(s)-1, int(math.Ceil(q*float64(len(s))))-1))]
}

func growthSum(ds []time.Duration) time.Duration {
	var t time.Duration
	for _, d := range ds {
		t += d
	}
	return t
}
