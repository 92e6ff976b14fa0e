package db

import (
	"cmp"
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// PreviewKeys is how many keys a policy preview lists.
const PreviewKeys = 10

// PolicyPreview is what a policy's next run would delete, read without
// changing anything.
type PolicyPreview struct {
	// Rows is how many rows are due, counted up to Cap+1: when Capped,
	// at least Rows (more than Cap) are due.
	Rows   int64 `json:"rows"`
	Cap    int64 `json:"cap"`
	Capped bool  `json:"capped"`
	// RunLimit, when set, is the most rows one run deletes (an expire
	// policy's batch_size × max_batches_per_run): with more due, the
	// next run deletes RunLimit of them and later runs the rest.
	RunLimit *int64 `json:"run_limit,omitempty"`
	// OldestExpiresAt is the oldest expiry among the rows due (nil when
	// none are, or in partitions mode).
	OldestExpiresAt *time.Time `json:"oldest_expires_at"`
	// Keys are up to PreviewKeys keys of rows due, oldest expiry first
	// (in partitions mode, any of the partitions' rows).
	Keys []string `json:"keys"`
	// Partitions are, for a sweep in partitions mode, the partitions the
	// next run drops.
	Partitions []string `json:"partitions,omitempty"`
}

// previewTimeout bounds each statement of a preview.
const previewTimeout = 5 * time.Second

// previewing is b with its statement timeout at most previewTimeout.
func (b Bounded) previewing() Bounded {
	b.t.Statement = min(cmp.Or(b.t.Statement, previewTimeout), previewTimeout)
	return b
}

// previewSQL returns the statements of a preview of the rows for which due
// holds: a count bounded by a LIMITed subquery, and the first keys. Both
// walk the rows in expiry order with the predicate of the claim
// (claimableSQL) or of the sweep (sweepDueSQL), so an index on the expiry
// column (for expire, the claim's partial index) serves them and each
// touches at most its LIMIT ($1) of rows.
func previewSQL(due string) (count, keys string) {
	return `SELECT count(*) FROM (
			SELECT 1 FROM {table} WHERE ` + due + ` ORDER BY {expires_at} LIMIT $1) due`,
		`SELECT {key}::text, {expires_at}::timestamptz FROM {table}
		WHERE ` + due + `
		ORDER BY {expires_at}
		LIMIT $1`
}

// The statements of a preview in partitions mode.
const (
	// In partitions mode whole partitions go: every row below the upper
	// bound of the newest one to drop. Partition pruning keeps the scan
	// to those partitions, and the LIMIT stops it early, index or not.
	previewPartitionsCountSQL = `
		SELECT count(*) FROM (
			SELECT 1 FROM {table} WHERE {expires_at} < $2 LIMIT $1) due`
	previewPartitionsKeysSQL = `
		SELECT {key}::text FROM {table} WHERE {expires_at} < $2 LIMIT $1`
)

// ExpirePreviewSQL returns the statements PreviewExpire runs on cols, the
// count's and the keys': each takes its LIMIT as $1.
func ExpirePreviewSQL(cols ExpireColumns) (count, keys string) {
	t := newIdentTemplate(map[string]string{
		"table": cols.Table, "key": cols.Key, "status": cols.Status, "expires_at": cols.ExpiresAt, "hold": cols.Hold,
	})
	count, keys = previewSQL(claimableSQL + notHeldSQL(cols.Hold))
	return t.Fill(count), t.Fill(keys)
}

// SweepPreviewSQL returns the statements PreviewSweep runs on a table
// swept by rows: each takes its LIMIT as $1.
func SweepPreviewSQL(t SweepTable) (count, keys string) {
	tmpl := newIdentTemplate(map[string]string{"table": t.Table, "key": t.KeyColumn, "expires_at": t.ExpiresAtColumn, "hold": t.HoldColumn})
	count, keys = previewSQL(sweepDueSQL + notHeldSQL(t.HoldColumn))
	return tmpl.Fill(count), tmpl.Fill(keys)
}

// PreviewExpire reports what an expire policy's next run would claim: its
// NOT_EXPIRED rows whose expiry has passed, counted up to countCap+1, with
// the oldest expiry and the first PreviewKeys keys. runLimit is the most
// rows one run claims. Each statement runs under b's lock timeout and a
// statement timeout of at most 5 s.
func PreviewExpire(ctx context.Context, b Bounded, cols ExpireColumns, countCap, runLimit int64) (PolicyPreview, error) {
	countSQL, keysSQL := ExpirePreviewSQL(cols)
	p := PolicyPreview{Cap: countCap, RunLimit: &runLimit}
	err := withStatementTimeout(ctx, b.previewing(), false, func(ctx context.Context, tx pgx.Tx) error {
		return p.read(ctx, tx, countSQL, keysSQL)
	})
	if err != nil {
		return PolicyPreview{}, sweepError(ctx, fmt.Sprintf("preview policy %s on %s", cols.Policy, cols.Table), previewTimeout, err)
	}
	return p, nil
}

// PreviewSweep reports what a sweep policy's next run would delete from a
// table swept by rows: its rows whose expiry has passed, counted up to
// countCap+1, with the oldest expiry and the first PreviewKeys keys. Each
// statement runs under a 5 s statement timeout.
func PreviewSweep(ctx context.Context, b Bounded, t SweepTable, countCap int64) (PolicyPreview, error) {
	countSQL, keysSQL := SweepPreviewSQL(t)
	p := PolicyPreview{Cap: countCap}
	err := withStatementTimeout(ctx, b.previewing(), false, func(ctx context.Context, tx pgx.Tx) error {
		return p.read(ctx, tx, countSQL, keysSQL)
	})
	if err != nil {
		return PolicyPreview{}, sweepError(ctx, "preview sweep of "+t.Table, previewTimeout, err)
	}
	return p, nil
}

// read fills Rows, Capped, Keys and OldestExpiresAt.
func (p *PolicyPreview) read(ctx context.Context, tx pgx.Tx, countSQL, keysSQL string) error {
	if err := tx.QueryRow(ctx, countSQL, p.Cap+1).Scan(&p.Rows); err != nil {
		return err
	}
	p.Capped = p.Rows > p.Cap
	rows, err := tx.Query(ctx, keysSQL, PreviewKeys)
	if err != nil {
		return err
	}
	p.Keys = []string{}
	for rows.Next() {
		var (
			key     *string
			expires time.Time
		)
		if err := rows.Scan(&key, &expires); err != nil {
			return err
		}
		if key != nil {
			p.Keys = append(p.Keys, *key)
		}
		if p.OldestExpiresAt == nil {
			p.OldestExpiresAt = &expires
		}
	}
	return rows.Err()
}

// PreviewSweepPartitions reports what a sweep policy in partitions mode
// would drop next: the partitions whose upper bound has passed, the rows
// they hold counted up to countCap+1, and up to PreviewKeys of their keys
// (when t has a key column).
func PreviewSweepPartitions(ctx context.Context, b Bounded, t SweepTable, countCap int64) (PolicyPreview, error) {
	p := PolicyPreview{Cap: countCap, Keys: []string{}, Partitions: []string{}}
	parts, err := ListPartitions(ctx, b, t.Table, t.ExpiresAtColumn)
	if err != nil {
		return PolicyPreview{}, err
	}
	now, err := Now(ctx, b)
	if err != nil {
		return PolicyPreview{}, fmt.Errorf("preview sweep of %s: %w", t.Table, err)
	}
	var bound time.Time
	for _, part := range parts {
		if part.Default || part.To == nil || part.To.After(now) {
			continue
		}
		p.Partitions = append(p.Partitions, part.Name)
		if part.To.After(bound) {
			bound = *part.To
		}
	}
	if len(p.Partitions) == 0 {
		return p, nil
	}
	tmpl := newIdentTemplate(map[string]string{"table": t.Table, "key": t.KeyColumn, "expires_at": t.ExpiresAtColumn})
	err = withStatementTimeout(ctx, b.previewing(), false, func(ctx context.Context, tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, tmpl.Fill(previewPartitionsCountSQL), p.Cap+1, bound).Scan(&p.Rows); err != nil {
			return err
		}
		p.Capped = p.Rows > p.Cap
		if t.KeyColumn == "" {
			return nil
		}
		rows, err := tx.Query(ctx, tmpl.Fill(previewPartitionsKeysSQL), PreviewKeys, bound)
		if err != nil {
			return err
		}
		keys, err := pgx.CollectRows(rows, pgx.RowTo[*string])
		for _, k := range keys {
			if k != nil {
				p.Keys = append(p.Keys, *k)
			}
		}
		return err
	})
	if err != nil {
		return PolicyPreview{}, sweepError(ctx, "preview sweep of "+t.Table, previewTimeout, err)
	}
	return p, nil
}
