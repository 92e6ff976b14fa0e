package entity

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Capture is what a deletion within an entity's restore_window keeps so
// that an undelete can put the entity back (RestoreCapture): every row
// that goes with the entity, per table with its columns' names and types,
// and every row whose column a set_null edge clears, with that column's
// value before the deletion. It is stored gzip-compressed (Encode).
type Capture struct {
	Version int    `json:"version"`
	Entity  string `json:"entity"`
	Key     string `json:"key"`
	// Tables are the entity's own rows, parents first.
	Tables []CapturedTable `json:"tables"`
	// Nulled are the rows of set_null edges, one entry per edge, each row
	// whole as it was before the deletion cleared Column.
	Nulled []CapturedTable `json:"nulled,omitempty"`
}

// CapturedTable is the rows of one table in a Capture. Column is set for
// the rows of a set_null edge: the column the deletion clears.
type CapturedTable struct {
	Table   string            `json:"table"`
	Column  string            `json:"column,omitempty"`
	Columns map[string]string `json:"columns"`
	Rows    []json.RawMessage `json:"rows"`
	// Cascaded are the rows a self-referencing edge's cascade removes
	// beyond the entity's own (a reply by another user to its comment),
	// found from Rows down the self-reference, at any depth.
	Cascaded []json.RawMessage `json:"cascaded,omitempty"`
}

// CaptureVersion is the format Capture encodes.
const CaptureVersion = 1

// Rows counts the captured rows of the entity's own tables, cascaded ones
// included.
func (c *Capture) Rows() int64 {
	var n int64
	for _, t := range c.Tables {
		n += int64(len(t.Rows) + len(t.Cascaded))
	}
	return n
}

// NulledRows counts the captured rows of set_null edges.
func (c *Capture) NulledRows() int64 {
	var n int64
	for _, t := range c.Nulled {
		n += int64(len(t.Rows))
	}
	return n
}

// Encode is the capture as it is stored: the gzip of its JSON.
func (c *Capture) Encode() ([]byte, error) {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return nil, err
	}
	if err := json.NewEncoder(zw).Encode(c); err != nil {
		return nil, fmt.Errorf("encode capture of %s %s: %w", c.Entity, c.Key, err)
	}
	if err := zw.Close(); err != nil {
		return nil, fmt.Errorf("encode capture of %s %s: %w", c.Entity, c.Key, err)
	}
	return buf.Bytes(), nil
}

// maxCapture bounds a decoded capture, against a corrupt or hostile one.
const maxCapture = 4 << 30

// DecodeCapture reads a capture Encode wrote.
func DecodeCapture(data []byte) (*Capture, error) {
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("decode capture: %w", err)
	}
	var c Capture
	if err := json.NewDecoder(io.LimitReader(zr, maxCapture)).Decode(&c); err != nil {
		return nil, fmt.Errorf("decode capture: %w", err)
	}
	if c.Version != CaptureVersion {
		return nil, fmt.Errorf("decode capture: version %d, this Lethe reads %d", c.Version, CaptureVersion)
	}
	return &c, nil
}

// CaptureRows reads what deleting the entity key will remove, in exec (the
// deletion's own transaction, under the entity's exclusive lock, before it
// deletes anything): the rows that go with the entity (ReadRows) and, per
// set_null edge, the rows whose column still references it.
func (g *EntityGraph) CaptureRows(ctx context.Context, exec Bounded, key string) (*Capture, error) {
	rows, err := g.ReadRows(ctx, exec, key)
	if err != nil {
		return nil, err
	}
	c := &Capture{Version: CaptureVersion, Entity: g.Name, Key: key}
	for _, table := range g.ownTables() {
		ct := CapturedTable{Table: table, Columns: g.columnTypes[table], Rows: rows[table]}
		if ct.Cascaded, err = g.readCascaded(ctx, exec, table, key); err != nil {
			return nil, err
		}
		c.Tables = append(c.Tables, ct)
	}
	for _, e := range g.Edges {
		if !e.nulls() {
			continue
		}
		term := g.edgeTerm(e, "t")
		if term == "" {
			continue
		}
		list, err := readJSON(ctx, exec, `SELECT to_jsonb(t) FROM `+ident(e.Table)+` t WHERE `+term, key)
		if err != nil {
			return nil, fmt.Errorf("read %s.%s of %s %s: %w", e.Table, e.Column, g.Name, key, err)
		}
		c.Nulled = append(c.Nulled, CapturedTable{Table: e.Table, Column: e.Column, Columns: g.columnTypes[e.Table], Rows: list})
	}
	return c, nil
}

// readCascaded reads the rows of table that the cascade of its
// self-referencing edges removes with the entity's own rows of table:
// their children down the self-reference, at any depth, that are not the
// entity's own.
func (g *EntityGraph) readCascaded(ctx context.Context, exec Bounded, table, key string) ([]json.RawMessage, error) {
	var out []json.RawMessage
	for _, e := range g.edgesOf(table) {
		if !e.SelfReference() || e.OnDelete != "cascade" {
			continue
		}
		var own []string
		for _, term := range g.terms(table, "t") {
			own = append(own, `SELECT t.ctid AS id, t.`+ident(e.RefColumn)+` AS ref FROM `+ident(table)+` t WHERE `+term)
		}
		if len(own) == 0 {
			continue
		}
		list, err := readJSON(ctx, exec, `WITH RECURSIVE own AS (`+strings.Join(own, " UNION ")+`),
			d AS (SELECT c.ctid AS id, c.`+ident(e.RefColumn)+` AS ref FROM `+ident(table)+` c WHERE c.`+ident(e.Column)+` IN (SELECT ref FROM own)
			      UNION SELECT c.ctid, c.`+ident(e.RefColumn)+` FROM `+ident(table)+` c JOIN d ON c.`+ident(e.Column)+` = d.ref)
			SELECT to_jsonb(x) FROM `+ident(table)+` x WHERE x.ctid IN (SELECT id FROM d EXCEPT SELECT id FROM own)`, key)
		if err != nil {
			return nil, fmt.Errorf("read what the cascade of %s.%s removes with %s %s: %w", table, e.Column, g.Name, key, err)
		}
		out = append(out, list...)
	}
	return out, nil
}

// readJSON runs a query whose one column is a jsonb and returns its rows.
func readJSON(ctx context.Context, exec Bounded, sql string, args ...any) ([]json.RawMessage, error) {
	rows, err := exec.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	list, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (json.RawMessage, error) {
		var raw []byte
		err := row.Scan(&raw)
		return json.RawMessage(raw), err
	})
	if err != nil {
		return nil, err
	}
	return slices.Clip(append([]json.RawMessage{}, list...)), nil
}
