// Package ledger keeps the deletion ledger in the blob store: every entity
// deletion, written to the database's outbox (db.AppendLedger) in the
// deletion's own transaction, is copied here by the flush job, so that the
// deletions made after a backup of the database outlive its restore.
//
// The ledger is a series of segments, each a gzip file of JSON lines (one
// db.LedgerEntry a line) named by the database time of its flush:
//
//	lethe-ledger/2026/11/27/20261127T204733.123456Z-<first deletion id>.jsonl.gz
//
// Names sort by time, and a day's segments share a folder, so a reader
// lists only the days it needs. A flush that wrote its segment but failed
// to mark its entries flushed writes them again in a later segment: every
// entry is there at least once, and readers keep one entry per deletion
// ID, which makes the rewrite harmless.
package ledger

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/db"
)

// Entry is one entry of the ledger.
type Entry = db.LedgerEntry

// segmentSuffix ends every segment's name.
const segmentSuffix = ".jsonl.gz"

// stampLayout spells a segment's flush time in its name: sortable, UTC,
// microseconds as the database keeps them.
const stampLayout = "20060102T150405.000000Z"

// SegmentName is the name of the segment flushed at flushedAt whose first
// entry is firstID, under prefix.
func SegmentName(prefix string, flushedAt time.Time, firstID string) string {
	t := flushedAt.UTC()
	return prefix + t.Format("2006/01/02/") + t.Format(stampLayout) + "-" + firstID + segmentSuffix
}

// SegmentTime is the flush time a segment's name holds; false for a key
// that is not a segment's.
func SegmentTime(prefix, name string) (time.Time, bool) {
	rest, ok := strings.CutPrefix(name, prefix)
	if !ok || !strings.HasSuffix(rest, segmentSuffix) || len(rest) < len("2006/01/02/")+len(stampLayout) {
		return time.Time{}, false
	}
	stamp := rest[len("2006/01/02/"):][:len(stampLayout)]
	t, err := time.Parse(stampLayout, stamp)
	return t, err == nil
}

// Write writes entries (in order) as one segment flushed at flushedAt and
// returns its name.
func Write(ctx context.Context, store blob.Store, prefix string, flushedAt time.Time, entries []Entry) (string, error) {
	if len(entries) == 0 {
		return "", errors.New("ledger: a segment needs at least one entry")
	}
	var buf bytes.Buffer
	zw := gzip.NewWriter(&buf)
	enc := json.NewEncoder(zw)
	for _, e := range entries {
		if err := enc.Encode(e); err != nil {
			return "", fmt.Errorf("ledger: encode entry %s: %w", e.ID, err)
		}
	}
	if err := zw.Close(); err != nil {
		return "", fmt.Errorf("ledger: compress segment: %w", err)
	}
	name := SegmentName(prefix, flushedAt, entries[0].ID)
	if err := store.Put(ctx, name, buf.Bytes()); err != nil {
		return "", fmt.Errorf("ledger: write segment %s: %w", name, err)
	}
	return name, nil
}

// readSegment reads the entries of the segment name.
func readSegment(ctx context.Context, store blob.Store, name string) ([]Entry, error) {
	data, err := store.Get(ctx, name)
	if err != nil {
		return nil, fmt.Errorf("ledger: read segment %s: %w", name, err)
	}
	zr, err := gzip.NewReader(bytes.NewReader(data))
	if err != nil {
		return nil, fmt.Errorf("ledger: segment %s is not gzip: %w", name, err)
	}
	var out []Entry
	sc := bufio.NewScanner(zr)
	sc.Buffer(make([]byte, 64<<10), 16<<20)
	for sc.Scan() {
		var e Entry
		if err := json.Unmarshal(sc.Bytes(), &e); err != nil {
			return nil, fmt.Errorf("ledger: segment %s, entry %d: %w", name, len(out)+1, err)
		}
		out = append(out, e)
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("ledger: read segment %s: %w", name, err)
	}
	return out, nil
}

// Segments returns the names of the segments under prefix flushed at or
// after from (a segment holds entries up to its flush time), oldest first,
// listing one day's folder at a time up to the day after now.
func Segments(ctx context.Context, store blob.Store, prefix string, from, now time.Time) ([]string, error) {
	var out []string
	day := from.UTC().Truncate(24 * time.Hour)
	for ; !day.After(now.UTC().Add(24 * time.Hour)); day = day.Add(24 * time.Hour) {
		err := store.List(ctx, prefix+day.Format("2006/01/02/"), func(keys []string) error {
			for _, k := range keys {
				if t, ok := SegmentTime(prefix, k); ok && !t.Before(from) {
					out = append(out, k)
				}
			}
			return nil
		})
		if err != nil {
			return nil, fmt.Errorf("ledger: list segments of %s: %w", day.Format(time.DateOnly), err)
		}
		if err := ctx.Err(); err != nil {
			return nil, err
		}
	}
	slices.Sort(out)
	return out, nil
}

// Read returns the entries of the ledger from since on (by entry time),
// one per deletion ID, in order of time and ID.
func Read(ctx context.Context, store blob.Store, prefix string, since, now time.Time) ([]Entry, error) {
	names, err := Segments(ctx, store, prefix, since, now)
	if err != nil {
		return nil, err
	}
	return readAll(ctx, store, names, func(e Entry) bool { return !e.At.Before(since) })
}

// readAll reads the segments names and returns their entries that keep
// accepts, one per deletion ID, in order of time and ID.
func readAll(ctx context.Context, store blob.Store, names []string, keep func(Entry) bool) ([]Entry, error) {
	seen := map[string]bool{}
	var out []Entry
	for _, name := range names {
		entries, err := readSegment(ctx, store, name)
		if err != nil {
			return nil, err
		}
		for _, e := range entries {
			if !seen[e.ID] && keep(e) {
				seen[e.ID] = true
				out = append(out, e)
			}
		}
	}
	slices.SortFunc(out, func(a, b Entry) int {
		if c := a.At.Compare(b.At); c != 0 {
			return c
		}
		return strings.Compare(a.ID, b.ID)
	})
	return out, nil
}

// Latest keeps, of entries in order, the latest one of each (entity, key):
// the operation that decides whether the entity stays deleted. The result
// keeps the order of those entries.
func Latest(entries []Entry) []Entry {
	type entityKey struct{ entity, key string }
	last := map[entityKey]int{}
	for i, e := range entries {
		last[entityKey{e.Entity, e.Key}] = i
	}
	var out []Entry
	for i, e := range entries {
		if last[entityKey{e.Entity, e.Key}] == i {
			out = append(out, e)
		}
	}
	return out
}

// errStop ends a listing early.
var errStop = errors.New("stop")

// Prune deletes the segments under prefix flushed before cutoff and returns
// how many it deleted. Names sort by time, so the listing stops at the
// first segment it keeps.
func Prune(ctx context.Context, store blob.Store, prefix string, cutoff time.Time) (int, error) {
	var old []string
	err := store.List(ctx, prefix, func(keys []string) error {
		for _, k := range keys {
			t, ok := SegmentTime(prefix, k)
			if !ok {
				continue // not a segment: never the ledger's to delete
			}
			if !t.Before(cutoff) {
				return errStop
			}
			old = append(old, k)
		}
		return nil
	})
	if err != nil && !errors.Is(err, errStop) {
		return 0, fmt.Errorf("ledger: list segments to prune: %w", err)
	}
	if len(old) == 0 {
		return 0, nil
	}
	n, err := store.Delete(ctx, old)
	if err != nil {
		return n, fmt.Errorf("ledger: prune %d segments: %w", len(old), err)
	}
	return n, nil
}
