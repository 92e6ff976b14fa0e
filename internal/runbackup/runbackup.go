// Package runbackup exports an entity (every row it owns in every table of
// its declaration, and its blobs) to a self-contained file and restores it:
// rows and blobs are re-created and the entity's tombstone is cleared, so
// it is visible and its writes accepted again. A run's backup also holds the
// experiments it links to, and keeps the file format runs have always had
// (version 1); other entities' files are version 2.
//
// The file is JSON, gzip-compressed when written by Write; Read accepts
// both. Rows are stored as PostgreSQL's to_jsonb of each row and restored
// with jsonb_populate_record, so every column round-trips without this
// package naming them.
package runbackup

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/internal/quote"
	"github.com/lethehq/lethe/jobs"
	"github.com/lethehq/lethe/tombstone"
)

// FormatVersion is the version of a run's backup file, EntityFormatVersion
// that of any other entity's.
const (
	FormatVersion       = 1
	EntityFormatVersion = 2
)

// Backup is one entity's data: a run's (version 1, RunHash set) or another
// entity's (version 2, Entity and Key set).
type Backup struct {
	Version    int                          `json:"version"`
	Entity     string                       `json:"entity,omitempty"`
	Key        string                       `json:"key,omitempty"`
	RunHash    string                       `json:"run_hash,omitempty"`
	CreatedAt  time.Time                    `json:"created_at"`
	Tables     map[string][]json.RawMessage `json:"tables"`                // the entity's tables, by name
	Experiment []json.RawMessage            `json:"experiments,omitempty"` // experiments rows a run links to
	Blobs      []Blob                       `json:"blobs"`
}

// Blob is one object of the run, under its blob prefix (runs/{run_hash}/ by
// default). Data is base64 in JSON.
type Blob struct {
	Key  string `json:"key"`
	Data []byte `json:"data"`
}

// Export reads run hash in one repeatable-read snapshot, plus its blobs
// (those recorded in run_blobs and any other object under blobPrefix, the
// run's prefix such as "runs/{hash}/"). A run that does not exist is an
// error, and so is a run_blobs row whose key is not under blobPrefix: the
// export never reads a blob outside the run's prefix.
func Export(ctx context.Context, pool *pgxpool.Pool, blobs blob.Store, blobPrefix, hash string, timeouts db.Timeouts) (*Backup, error) {
	if err := jobs.ValidateRunHash("run hash", hash); err != nil {
		return nil, err
	}
	b := &Backup{Version: FormatVersion, RunHash: hash, CreatedAt: time.Now().UTC(), Tables: map[string][]json.RawMessage{}}
	var blobKeys []string
	err := pgx.BeginTxFunc(ctx, pool, pgx.TxOptions{IsoLevel: pgx.RepeatableRead, AccessMode: pgx.ReadOnly}, func(tx pgx.Tx) error {
		if err := timeouts.SetLocal(ctx, tx); err != nil {
			return err
		}
		exists, err := db.RunExists(ctx, tx, hash)
		if err != nil {
			return err
		}
		if !exists {
			return fmt.Errorf("run %s not found", hash)
		}
		for _, table := range db.RunTables {
			rows, err := collectJSON(ctx, tx, `SELECT to_jsonb(t) FROM `+db.Ident(table)+` t WHERE run_hash = $1`, hash)
			if err != nil {
				return fmt.Errorf("export %s of run %s: %w", table, hash, err)
			}
			b.Tables[table] = rows
		}
		if b.Experiment, err = collectJSON(ctx, tx, `
			SELECT to_jsonb(e) FROM experiments e
			WHERE name IN (SELECT experiment FROM run_experiments WHERE run_hash = $1)`, hash); err != nil {
			return fmt.Errorf("export experiments of run %s: %w", hash, err)
		}
		rows, err := tx.Query(ctx, `SELECT blob_key FROM run_blobs WHERE run_hash = $1 ORDER BY blob_key`, hash)
		if err != nil {
			return fmt.Errorf("export blob keys of run %s: %w", hash, err)
		}
		if blobKeys, err = pgx.CollectRows(rows, pgx.RowTo[string]); err != nil {
			return fmt.Errorf("export blob keys of run %s: %w", hash, err)
		}
		// A backup holds the run's blobs only: a row naming another run's
		// blob, or another policy's, fails the export before any blob is
		// read, as restoring such a file would fail.
		for _, key := range blobKeys {
			if err := blob.CheckKeyUnder(blobPrefix, key); err != nil {
				return fmt.Errorf("export run %s: run_blobs row refused: %w", hash, err)
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	err = blobs.List(ctx, blobPrefix, func(keys []string) error {
		blobKeys = append(blobKeys, keys...)
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("list blobs of run %s: %w", hash, err)
	}
	slices.Sort(blobKeys)
	for _, key := range slices.Compact(blobKeys) {
		data, err := blobs.Get(ctx, key)
		if err != nil {
			return nil, fmt.Errorf("read blob %s: %w", key, err)
		}
		b.Blobs = append(b.Blobs, Blob{Key: key, Data: data})
	}
	return b, nil
}

func collectJSON(ctx context.Context, tx pgx.Tx, sql string, args ...any) ([]json.RawMessage, error) {
	rows, err := tx.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	out, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (json.RawMessage, error) {
		var raw []byte
		err := row.Scan(&raw)
		return json.RawMessage(raw), err
	})
	if out == nil {
		out = []json.RawMessage{}
	}
	return out, err
}

// Write writes b to w as gzip-compressed JSON.
func Write(w io.Writer, b *Backup) error {
	gz := gzip.NewWriter(w)
	if err := json.NewEncoder(gz).Encode(b); err != nil {
		return fmt.Errorf("write backup: %w", err)
	}
	if err := gz.Close(); err != nil {
		return fmt.Errorf("write backup: %w", err)
	}
	return nil
}

// DefaultMaxBytes bounds how much a backup may hold once decompressed,
// unless the reader is given another limit (ReadLimit).
const DefaultMaxBytes = 512 << 20

// Read is ReadLimit with DefaultMaxBytes.
func Read(r io.Reader) (*Backup, error) { return ReadLimit(r, DefaultMaxBytes) }

// ReadLimit reads a backup written by Write (or plain JSON) and checks it.
// It fails with ErrTooLarge when the decompressed backup exceeds max
// bytes, and learns that before holding any of it: a compressed file is
// decompressed twice, first only to count its bytes (r is read again from
// where it stood when it is an io.Seeker, such as a file; else the
// compressed bytes are held meanwhile). A small file that expands
// enormously thus costs the gzip reader's few KiB (and, unseekable, its
// own size), never what it expands to. The JSON is then decoded a field,
// a table and a blob at a time, so beyond what the Backup holds only the
// largest of those is buffered.
func ReadLimit(r io.Reader, max int64) (*Backup, error) {
	src, err := measured(r, max)
	if err != nil {
		return nil, fmt.Errorf("read backup: %w", err)
	}
	limited := &limitReader{r: src, left: max}
	b, err := decode(limited)
	if err != nil {
		if limited.exceeded {
			return nil, fmt.Errorf("read backup: larger than %d bytes decompressed: %w", max, ErrTooLarge)
		}
		return nil, fmt.Errorf("read backup: not a Lethe backup file: %w", cutError{err})
	}
	if err := b.validate(); err != nil {
		return nil, fmt.Errorf("read backup: %w", err)
	}
	return b, nil
}

// cutError is err with its message cut to maxErrorText bytes:
// encoding/json repeats a number or a string it cannot use whole.
type cutError struct{ err error }

const maxErrorText = 200

func (e cutError) Error() string {
	msg := e.err.Error()
	if len(msg) <= maxErrorText {
		return msg
	}
	return quote.Cut(msg, maxErrorText) + "…"
}

func (e cutError) Unwrap() error { return e.err }

// measured returns r's backup, decompressed when it is gzip, once it has
// counted that the backup is at most max bytes decompressed (only a
// compressed one or a seekable r is counted first: a plain one read once
// is as large as the bytes read, which ReadLimit bounds as it decodes).
func measured(r io.Reader, max int64) (io.Reader, error) {
	seeker, seekable := r.(io.Seeker)
	var start int64
	if seekable {
		var err error
		if start, err = seeker.Seek(0, io.SeekCurrent); err != nil {
			seekable = false // a pipe or a terminal: read it once
		}
	}
	br := bufio.NewReader(r)
	magic, _ := br.Peek(2)
	compressed := len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b
	if !compressed && !seekable {
		return br, nil
	}
	var again func() (io.Reader, error)
	if seekable {
		again = func() (io.Reader, error) {
			if _, err := seeker.Seek(start, io.SeekStart); err != nil {
				return nil, fmt.Errorf("read the file again: %w", err)
			}
			return bufio.NewReader(r), nil
		}
	} else {
		// Held compressed: a gzip stream of at most max bytes is at most
		// max and its stored blocks' 5 bytes per 64 KiB (and a header).
		maxCompressed := max + max/(64<<10)*5 + 64<<10
		held, err := io.ReadAll(&limitReader{r: br, left: maxCompressed})
		if errors.Is(err, ErrTooLarge) {
			return nil, fmt.Errorf("larger than %d bytes compressed: %w", maxCompressed, ErrTooLarge)
		}
		if err != nil {
			return nil, err
		}
		again = func() (io.Reader, error) { return bytes.NewReader(held), nil }
	}
	first, err := again()
	if err != nil {
		return nil, err
	}
	n, err := countDecompressed(first, compressed, max)
	if err != nil {
		return nil, err
	}
	if n > max {
		return nil, fmt.Errorf("larger than %d bytes decompressed: %w", max, ErrTooLarge)
	}
	second, err := again()
	if err != nil || !compressed {
		return second, err
	}
	gz, err := gzip.NewReader(second)
	if err != nil {
		return nil, err
	}
	return gz, nil
}

// countDecompressed counts the bytes r holds, gunzipped when compressed,
// up to max+1.
func countDecompressed(r io.Reader, compressed bool, max int64) (int64, error) {
	if compressed {
		gz, err := gzip.NewReader(r)
		if err != nil {
			return 0, fmt.Errorf("not a Lethe backup file: %w", err)
		}
		r = gz
	}
	n, err := io.Copy(io.Discard, io.LimitReader(r, max+1))
	if err != nil {
		return n, fmt.Errorf("not a Lethe backup file: %w", err)
	}
	return n, nil
}

// decode reads one backup from r: a JSON object with only Backup's fields
// (matched as encoding/json does, ignoring case), decoded one at a time;
// tables and blobs one table and one blob at a time.
func decode(r io.Reader) (*Backup, error) {
	dec := json.NewDecoder(r)
	dec.DisallowUnknownFields()
	var b Backup
	if err := expectDelim(dec, '{', "a backup"); err != nil {
		return nil, err
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return nil, err
		}
		name, _ := tok.(string)
		var field any
		switch {
		case strings.EqualFold(name, "version"):
			field = &b.Version
		case strings.EqualFold(name, "entity"):
			field = &b.Entity
		case strings.EqualFold(name, "key"):
			field = &b.Key
		case strings.EqualFold(name, "run_hash"):
			field = &b.RunHash
		case strings.EqualFold(name, "created_at"):
			field = &b.CreatedAt
		case strings.EqualFold(name, "experiments"):
			field = &b.Experiment
		case strings.EqualFold(name, "tables"):
			err = decodeTables(dec, &b)
		case strings.EqualFold(name, "blobs"):
			err = decodeBlobs(dec, &b)
		default:
			return nil, fmt.Errorf("unknown field %s", quote.Value(name))
		}
		if field != nil {
			err = dec.Decode(field)
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	if err := expectDelim(dec, '}', "the end of the backup"); err != nil {
		return nil, err
	}
	return &b, nil
}

// decodeTables reads "tables": null or an object of tables' rows, one
// table at a time.
func decodeTables(dec *json.Decoder, b *Backup) error {
	if null, err := nullOr(dec, '{', "an object of tables"); null || err != nil {
		return err
	}
	if b.Tables == nil {
		b.Tables = map[string][]json.RawMessage{}
	}
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return err
		}
		table, _ := tok.(string)
		var rows []json.RawMessage
		if err := dec.Decode(&rows); err != nil {
			return fmt.Errorf("%s: %w", quote.Value(table), err)
		}
		b.Tables[table] = rows
	}
	return expectDelim(dec, '}', "the end of the tables")
}

// decodeBlobs reads "blobs": null or an array of blobs, one at a time.
func decodeBlobs(dec *json.Decoder, b *Backup) error {
	if null, err := nullOr(dec, '[', "an array of blobs"); null || err != nil {
		b.Blobs = nil
		return err
	}
	b.Blobs = []Blob{}
	for dec.More() {
		var bl Blob
		if err := dec.Decode(&bl); err != nil {
			return fmt.Errorf("blob %d: %w", len(b.Blobs), err)
		}
		b.Blobs = append(b.Blobs, bl)
	}
	return expectDelim(dec, ']', "the end of the blobs")
}

// nullOr reads the next token: true for null, else it must be open.
func nullOr(dec *json.Decoder, open json.Delim, want string) (bool, error) {
	tok, err := dec.Token()
	if err != nil {
		return false, err
	}
	if tok == nil {
		return true, nil
	}
	if tok != open {
		return false, fmt.Errorf("want %s, got %s", want, describe(tok))
	}
	return false, nil
}

// expectDelim reads the next token, which must be d.
func expectDelim(dec *json.Decoder, d json.Delim, want string) error {
	tok, err := dec.Token()
	if err != nil {
		return err
	}
	if tok != d {
		return fmt.Errorf("want %s, got %s", want, describe(tok))
	}
	return nil
}

// describe names a JSON token in an error, bounded.
func describe(tok json.Token) string {
	switch v := tok.(type) {
	case json.Delim:
		return string(v)
	case string:
		return "string " + quote.Value(v)
	default:
		return quote.Prefix(fmt.Sprint(v))
	}
}

// ErrTooLarge is a backup over the size limit.
var ErrTooLarge = errors.New("backup too large")

// limitReader reads at most left bytes from r and then fails, noting that
// the limit was hit.
type limitReader struct {
	r        io.Reader
	left     int64
	exceeded bool
}

func (l *limitReader) Read(p []byte) (int, error) {
	if l.left <= 0 {
		l.exceeded = true
		return 0, ErrTooLarge
	}
	if int64(len(p)) > l.left {
		p = p[:l.left]
	}
	n, err := l.r.Read(p)
	l.left -= int64(n)
	return n, err
}

func (b *Backup) validate() error {
	switch b.Version {
	case FormatVersion:
	case EntityFormatVersion:
		return b.validateEntity()
	default:
		return fmt.Errorf("unsupported backup version %d (want %d or %d)", b.Version, FormatVersion, EntityFormatVersion)
	}
	if err := jobs.ValidateRunHash("run_hash", b.RunHash); err != nil {
		return err
	}
	for i, bl := range b.Blobs {
		if err := blob.CheckKey(bl.Key); err != nil {
			return fmt.Errorf("backup of run %s: blob %d: %w", b.RunHash, i, err)
		}
	}
	if len(b.Tables["runs"]) != 1 {
		return fmt.Errorf("backup of run %s has %d rows in runs, want 1", b.RunHash, len(b.Tables["runs"]))
	}
	for table := range b.Tables {
		if !slices.Contains(db.RunTables, table) {
			return fmt.Errorf("backup names unknown table %q", table)
		}
	}
	return nil
}

// blobKeys returns where each blob of b goes under prefix, the run's blob
// prefix, checking every key before any is written: a key must be a clean
// path under prefix, so a backup can never write another run's or another
// policy's blob. A key under "{run_hash}/", where runs kept their blobs
// before blob prefixes, is moved under prefix.
func (b *Backup) blobKeys(prefix string) ([]string, error) {
	keys := make([]string, len(b.Blobs))
	for i, bl := range b.Blobs {
		key := bl.Key
		if rest, ok := strings.CutPrefix(key, b.RunHash+"/"); ok && !strings.HasPrefix(key, prefix) {
			key = prefix + rest
		}
		if err := blob.CheckKeyUnder(prefix, key); err != nil {
			return nil, fmt.Errorf("backup of run %s: blob %d: %w", b.RunHash, i, err)
		}
		keys[i] = key
	}
	return keys, nil
}

// Result counts what Restore re-created.
type Result struct {
	Rows             int64 `json:"rows"`
	Blobs            int   `json:"blobs"`
	TombstoneCleared bool  `json:"tombstone_cleared"`
}

// Restore re-creates the run of b exactly as backed up, its blobs under
// blobPrefix (the run's prefix, such as "runs/{hash}/"). It holds the run's
// exclusive lock for its session (so no deletion, purge or ingestion
// interleaves) and, with no transaction open, writes the blobs first; then,
// in one transaction, it clears the tombstone, replaces the run's rows with
// the backup's and commits. If it fails after writing blobs, the rows are
// unchanged and the still-present tombstone lets the orphan sweep remove
// those blobs (its purge waits for the lock). timeouts bound every
// statement, the lock's wait included.
func Restore(ctx context.Context, pool *pgxpool.Pool, blobs blob.Store, blobPrefix string, b *Backup, timeouts db.Timeouts) (Result, error) {
	var res Result
	if err := b.validate(); err != nil {
		return res, err
	}
	keys, err := b.blobKeys(blobPrefix)
	if err != nil {
		return res, err
	}
	err = timeouts.Session(ctx, pool, db.EntityLock(jobs.EntityRun, b.RunHash), func(conn *pgxpool.Conn) error {
		for i, bl := range b.Blobs {
			if err := blobs.Put(ctx, keys[i], bl.Data); err != nil {
				return fmt.Errorf("restore blob %s: %w", keys[i], err)
			}
			res.Blobs++
		}
		return pgx.BeginFunc(ctx, conn, func(tx pgx.Tx) error {
			var err error
			res.TombstoneCleared, res.Rows, err = replaceRun(ctx, tx, b)
			return err
		})
	})
	if err != nil {
		return Result{}, err
	}
	return res, nil
}

// replaceRun clears the run's tombstone and replaces its rows with the
// backup's, in tx. It returns whether there was a tombstone and how many
// rows it wrote.
func replaceRun(ctx context.Context, tx pgx.Tx, b *Backup) (cleared bool, rowsWritten int64, err error) {
	if cleared, err = tombstone.NewPostgres(tx).Clear(ctx, jobs.EntityRun, b.RunHash); err != nil {
		return false, 0, err
	}
	if _, err := db.DeleteRun(ctx, tx, b.RunHash); err != nil {
		return false, 0, err
	}
	// One statement per table: jsonb_populate_recordset expands the
	// backed-up rows server-side instead of a round trip per row.
	if len(b.Experiment) > 0 {
		if _, err := tx.Exec(ctx, `
			INSERT INTO experiments SELECT * FROM jsonb_populate_recordset(NULL::experiments, $1::jsonb)
			ON CONFLICT (name) DO NOTHING`, b.Experiment); err != nil {
			return false, 0, fmt.Errorf("restore experiments: %w", err)
		}
	}
	for _, table := range slices.Backward(db.RunTables) { // runs first
		rows := b.Tables[table]
		if len(rows) == 0 {
			continue
		}
		ident := db.Ident(table)
		tag, err := tx.Exec(ctx, `
			INSERT INTO `+ident+` SELECT r.* FROM jsonb_populate_recordset(NULL::`+ident+`, $1::jsonb) r
			WHERE r.run_hash = $2`, rows, b.RunHash)
		if err != nil {
			return false, 0, fmt.Errorf("restore %s of run %s: %w", table, b.RunHash, err)
		}
		if n := tag.RowsAffected(); n != int64(len(rows)) {
			return false, 0, fmt.Errorf("restore %s: %d of %d rows do not belong to run %s", table, int64(len(rows))-n, len(rows), b.RunHash)
		}
		rowsWritten += int64(len(rows))
	}
	return cleared, rowsWritten, nil
}
