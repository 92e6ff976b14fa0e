package runbackup

import (
	"context"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

// ExportEntity reads the entity key (canonical) of ent in one
// repeatable-read snapshot under timeouts (the entity's), with every blob
// under its prefix. A run is exported as Export does. An entity with no
// row in any of its tables is an error.
func ExportEntity(ctx context.Context, pool *pgxpool.Pool, blobs blob.Store, ent *entity.Entity, key string, timeouts db.Timeouts) (*Backup, error) {
	prefix, err := ent.BlobPrefix(key)
	if err != nil {
		return nil, err
	}
	if ent.Name == jobs.EntityRun {
		return Export(ctx, pool, blobs, prefix, key, timeouts)
	}
	b := &Backup{Version: EntityFormatVersion, Entity: ent.Name, Key: key, CreatedAt: time.Now().UTC()}
	err = pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		bounded, err := timeouts.Tx(ctx, tx)
		if err != nil {
			return err
		}
		b.Tables, err = ent.ReadRows(ctx, bounded, key)
		return err
	})
	if err != nil {
		return nil, err
	}
	if entity.Rows(b.Tables).Count() == 0 {
		return nil, fmt.Errorf("%s %s not found: no row in any of its tables", ent.Name, key)
	}
	if prefix == "" {
		return b, nil
	}
	var keys []string
	if err := blobs.List(ctx, prefix, func(page []string) error {
		keys = append(keys, page...)
		return nil
	}); err != nil {
		return nil, fmt.Errorf("list blobs of %s %s: %w", ent.Name, key, err)
	}
	slices.Sort(keys)
	for _, k := range keys {
		data, err := blobs.Get(ctx, k)
		if err != nil {
			return nil, fmt.Errorf("read blob %s: %w", k, err)
		}
		b.Blobs = append(b.Blobs, Blob{Key: k, Data: data})
	}
	return b, nil
}

// validateEntity checks a version 2 backup on its own; RestoreEntity checks
// it against the entity's declaration.
func (b *Backup) validateEntity() error {
	if err := jobs.ValidateEntityKey(b.Entity, b.Key); err != nil {
		return err
	}
	if b.RunHash != "" || len(b.Experiment) > 0 {
		return fmt.Errorf("backup of %s %s: run_hash and experiments belong to a run's backup (version %d)", b.Entity, b.Key, FormatVersion)
	}
	for i, bl := range b.Blobs {
		if err := blob.CheckKey(bl.Key); err != nil {
			return fmt.Errorf("backup of %s %s: blob %d: %w", b.Entity, b.Key, i, err)
		}
	}
	if entity.Rows(b.Tables).Count() == 0 {
		return fmt.Errorf("backup of %s %s holds no rows", b.Entity, b.Key)
	}
	return nil
}

// Name is the entity and key a backup holds ("run 3f2a…").
func (b *Backup) Name() (entityName, key string) {
	if b.Version == FormatVersion {
		return jobs.EntityRun, b.RunHash
	}
	return b.Entity, b.Key
}

// RestoreEntity re-creates the entity of b exactly as backed up, as Restore
// does for a run (which it calls for a run's backup): under the entity's
// exclusive lock for its session, the blobs first, each checked to lie under
// the entity's prefix; then one transaction clears the tombstone, replaces
// the entity's rows with the backup's (entity.EntityGraph.WriteRows, which
// refuses a row that does not belong to the entity) and commits.
func RestoreEntity(ctx context.Context, pool *pgxpool.Pool, blobs blob.Store, ent *entity.Entity, b *Backup, timeouts db.Timeouts) (Result, error) {
	var res Result
	if err := b.validate(); err != nil {
		return res, err
	}
	name, key := b.Name()
	if name != ent.Name {
		return res, fmt.Errorf("the backup holds %s %s, not a %s", name, key, ent.Name)
	}
	prefix, err := ent.BlobPrefix(key)
	if err != nil {
		return res, err
	}
	if b.Version == FormatVersion {
		return Restore(ctx, pool, blobs, prefix, b, timeouts)
	}
	if prefix == "" && len(b.Blobs) > 0 {
		return res, fmt.Errorf("backup of %s %s holds %d blobs, but entity %s declares no blob_prefix", name, key, len(b.Blobs), name)
	}
	for i, bl := range b.Blobs {
		if err := blob.CheckKeyUnder(prefix, bl.Key); err != nil {
			return res, fmt.Errorf("backup of %s %s: blob %d: %w", name, key, i, err)
		}
	}
	err = timeouts.Session(ctx, pool, db.EntityLock(name, key), func(conn *pgxpool.Conn) error {
		for _, bl := range b.Blobs {
			if err := blobs.Put(ctx, bl.Key, bl.Data); err != nil {
				return fmt.Errorf("restore blob %s: %w", bl.Key, err)
			}
			res.Blobs++
		}
		return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			var err error
			if res.TombstoneCleared, err = tombstone.NewPostgres(tx).Clear(ctx, name, key); err != nil {
				return err
			}
			bounded, err := timeouts.Tx(ctx, tx)
			if err != nil {
				return err
			}
			res.Rows, err = ent.WriteRows(ctx, bounded, key, entity.Rows(b.Tables))
			return err
		})
	})
	if err != nil {
		return Result{}, fmt.Errorf("restore %s %s: %w", name, key, err)
	}
	return res, nil
}
