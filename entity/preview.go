package entity

import (
	"context"
	"fmt"

	"github.com/lethehq/lethe/blob"
)

// blobSample is how many blob keys a preview or verification lists.
const blobSample = 20

// Preview is what deleting one entity would remove.
type Preview struct {
	Entity string `json:"entity"`
	Key    string `json:"key"`
	// Rows counts the entity's rows per table, those the schema's cascades
	// delete included; TotalRows sums them.
	Rows      map[string]int64 `json:"rows"`
	TotalRows int64            `json:"total_rows"`
	// Nulled counts, per table of a set_null edge, the rows that reference
	// the entity and stay, their column set to NULL.
	Nulled map[string]int64 `json:"nulled"`
	// BlobPrefix is where its blobs live ("" without blobs); Blobs counts
	// them and BlobSample names the first few.
	BlobPrefix string   `json:"blob_prefix"`
	Blobs      int      `json:"blobs"`
	BlobSample []string `json:"blob_sample"`
	// Tombstoned is whether the entity is already deleted, or being
	// deleted: TombstoneState says which ("deleting" or "deleted").
	Tombstoned     bool   `json:"tombstoned"`
	TombstoneState string `json:"tombstone_state,omitempty"`
	// Trial is what the deletion's statements did in a transaction rolled
	// back (see Trial).
	Trial *Trial `json:"trial"`
	// Unbacked names the tables the deletion reaches through an edge no
	// foreign key backs ("orders.user_id -> users.id"): rows found there
	// belong to the entity only if the declaration is right.
	Unbacked []string `json:"unbacked_edges"`
}

// Preview reports what deleting key would remove, and removes nothing: it
// counts the rows, then runs the deletion's statements in a transaction it
// rolls back (Trial).
func (e *Entity) Preview(ctx context.Context, exec Bounded, blobs blob.Store, key string) (*Preview, error) {
	key, err := e.CanonicalKey(ctx, exec, key)
	if err != nil {
		return nil, err
	}
	p := &Preview{Entity: e.Name, Key: key, BlobSample: []string{}}
	if p.Rows, err = e.CountRows(ctx, exec, key); err != nil {
		return nil, err
	}
	for _, n := range p.Rows {
		p.TotalRows += n
	}
	if p.Nulled, err = e.CountNulled(ctx, exec, key); err != nil {
		return nil, err
	}
	err = exec.QueryRow(ctx, `SELECT coalesce((SELECT state FROM lethe_tombstones WHERE entity = $1 AND key = $2), '')`, e.Name, key).Scan(&p.TombstoneState)
	if err != nil {
		return nil, fmt.Errorf("check tombstone of %s %s: %w", e.Name, key, err)
	}
	p.Tombstoned = p.TombstoneState != ""
	unbacked, err := UnbackedEdges(ctx, exec, e.Decl)
	if err != nil {
		return nil, err
	}
	p.Unbacked = []string{}
	for _, edge := range unbacked {
		p.Unbacked = append(p.Unbacked, edge.Table+"."+edge.Column+" -> "+edge.References)
	}
	if p.Trial, err = e.Trial(ctx, exec, key, p.Rows, p.Nulled); err != nil {
		return nil, err
	}
	if p.BlobPrefix, err = e.BlobPrefix(key); err != nil {
		return nil, err
	}
	if p.BlobPrefix != "" {
		if p.Blobs, p.BlobSample, err = countBlobs(ctx, blobs, p.BlobPrefix); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// Verification is what remains of an entity after its deletion.
type Verification struct {
	Entity string `json:"entity"`
	Key    string `json:"key"`
	// Verified is true when nothing remains.
	Verified bool `json:"verified"`
	// Rows counts, per table, the rows still found (tables with none are
	// left out), in schema-owned tables too.
	Rows map[string]int64 `json:"rows"`
	// Nulled counts, per table of a set_null edge, the rows that still
	// reference the entity (tables with none are left out).
	Nulled     map[string]int64 `json:"nulled,omitempty"`
	Blobs      int              `json:"blobs"`
	BlobSample []string         `json:"blob_sample"`
}

// Verify looks for anything of the deleted entity key that is left: a row
// in any of its tables (through the key itself, or through a parent row
// still present; a schema-owned table's rows that its cascade should have
// taken too), a row of a set_null edge that still references it, or a blob
// under its prefix.
func (e *Entity) Verify(ctx context.Context, exec Bounded, blobs blob.Store, key string) (*Verification, error) {
	v := &Verification{Entity: e.Name, Key: key, Rows: map[string]int64{}, Nulled: map[string]int64{}, BlobSample: []string{}}
	rows, err := e.CountRows(ctx, exec, key)
	if err != nil {
		return nil, err
	}
	for table, n := range rows {
		if n > 0 {
			v.Rows[table] = n
		}
	}
	nulled, err := e.CountNulled(ctx, exec, key)
	if err != nil {
		return nil, err
	}
	for table, n := range nulled {
		if n > 0 {
			v.Nulled[table] = n
		}
	}
	prefix, err := e.BlobPrefix(key)
	if err != nil {
		return nil, err
	}
	if prefix != "" {
		if v.Blobs, v.BlobSample, err = countBlobs(ctx, blobs, prefix); err != nil {
			return nil, err
		}
	}
	v.Verified = len(v.Rows) == 0 && len(v.Nulled) == 0 && v.Blobs == 0
	return v, nil
}

// String describes what a failed verification found.
func (v *Verification) String() string {
	if v.Verified {
		return fmt.Sprintf("%s %s: nothing remains", v.Entity, v.Key)
	}
	s := fmt.Sprintf("%s %s: %d tables still hold rows %v, %d blobs remain %v", v.Entity, v.Key, len(v.Rows), v.Rows, v.Blobs, v.BlobSample)
	if len(v.Nulled) > 0 {
		s += fmt.Sprintf(", %d tables still reference it %v", len(v.Nulled), v.Nulled)
	}
	return s
}

// countBlobs counts the blobs under prefix and returns the first few keys.
func countBlobs(ctx context.Context, blobs blob.Store, prefix string) (int, []string, error) {
	n := 0
	sample := []string{}
	err := blobs.List(ctx, prefix, func(keys []string) error {
		n += len(keys)
		for _, k := range keys {
			if len(sample) < blobSample {
				sample = append(sample, k)
			}
		}
		return nil
	})
	if err != nil {
		return 0, nil, fmt.Errorf("list blobs under %s: %w", prefix, err)
	}
	return n, sample, nil
}
