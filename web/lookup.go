package web

import (
	"context"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/entity"
	"github.com/lethehq/lethe/jobs"
)

// Entity states a status lookup answers.
const (
	// StateLive: the entity has rows and no deletion is asked for.
	StateLive = "live"
	// StateAbsent: no row, no tombstone, no waiting job: never created,
	// or removed by something other than Lethe.
	StateAbsent = "absent"
	// StateQueued: a delete_entity job waits to run (or to retry).
	StateQueued = "queued"
	// StateDeleting: the job runs, or a large deletion's chunks have
	// begun (tombstone deleting) and a retry finishes it.
	StateDeleting = "deleting"
	// StateDeleted: the tombstone stands in state deleted.
	StateDeleted = "deleted"
	// StateHeld: a legal hold keeps the entity from being deleted; a
	// deletion asked for waits until the hold is released.
	StateHeld = "held"
)

// ReceiptFormat versions the receipt document: fields are only ever added
// under one version.
const ReceiptFormat = "lethe.receipt/v1"

// JobTagCLI tags the delete_entity jobs `lethe delete` inserts, so a
// lookup can say where a deletion was asked for.
const JobTagCLI = "lethe-cli"

// lookupAuditLimit bounds how much of an entity's audit trail a lookup reads.
const lookupAuditLimit = 200

// EntityStatus answers "was this entity deleted?" (GET
// /api/v1/entities/{entity}/{key}/status, `lethe status`).
type EntityStatus struct {
	Entity string `json:"entity"`
	// Key is the key as privacy.key_display shows it; KeySHA256 is always
	// the hex SHA-256 of the canonical key.
	Key       string `json:"key"`
	KeySHA256 string `json:"key_sha256"`
	// State is live, absent, queued, deleting or deleted.
	State   string `json:"state"`
	Summary string `json:"summary"`
	// Rows, TotalRows and Nulled count what deleting it now would remove
	// (and set to NULL): for live, queued and deleting (what remains).
	Rows      map[string]int64 `json:"rows,omitempty"`
	TotalRows *int64           `json:"total_rows,omitempty"`
	Nulled    map[string]int64 `json:"nulled,omitempty"`
	// Preview is the full dry run, trial included, with ?trial=true.
	Preview *entity.Preview `json:"preview,omitempty"`
	// Job is the newest delete_entity job of the key River still has.
	Job *db.DeleteJob `json:"job"`
	// Progress is what earlier attempts of a deletion that failed part
	// way deleted (queued and deleting).
	Progress *DeletionProgress `json:"progress,omitempty"`
	// Tombstone is the key's tombstone, nil without one.
	Tombstone *db.Tombstone `json:"tombstone"`
	// Deletion is the record of the finished deletion (deleted).
	Deletion *DeletionRecord `json:"deletion,omitempty"`
	// Held says whether a legal hold stands on the key, Hold which (its
	// reason, who placed it and when).
	Held *bool    `json:"held"`
	Hold *db.Hold `json:"hold,omitempty"`
	// RestorableUntil is, for a deletion within its entity's
	// restore_window, when the window ends: until then its rows are
	// captured and its blobs kept, and an undelete puts it back. Null
	// otherwise. UnrecoverableSince is when the window of its deletion
	// ended and the capture and blobs were purged.
	RestorableUntil    *time.Time `json:"restorable_until"`
	UnrecoverableSince *time.Time `json:"unrecoverable_since,omitempty"`
	CheckedAt          time.Time  `json:"checked_at"`
}

// DeletionProgress is what failed attempts of a deletion recorded.
type DeletionProgress struct {
	// RowsInChunks are the rows, per table, the chunks of the newest
	// failed attempt deleted before it failed.
	RowsInChunks map[string]int64 `json:"rows_in_chunks,omitempty"`
	LastError    string           `json:"last_error,omitempty"`
	LastErrorAt  *time.Time       `json:"last_error_at,omitempty"`
}

// Requester is who asked for a deletion.
type Requester struct {
	// Source is api (an operator through the API or the dashboard), cli
	// (lethe delete), river (a job inserted by SQL or another River
	// client) or unknown (River no longer has the job and no operator
	// request names it).
	Source string `json:"source"`
	// Credential and Role name the operator, for source api.
	Credential string `json:"credential,omitempty"`
	Role       string `json:"role,omitempty"`
}

// DeletionRecord is a finished deletion, from the audit.
type DeletionRecord struct {
	// RequestedAt is when its job was inserted (River's created_at, or the
	// operator request's time once River cleaned the job); nil when
	// neither is left.
	RequestedAt *time.Time `json:"requested_at"`
	RequestedBy Requester  `json:"requested_by"`
	JobIDs      []int64    `json:"job_ids"`
	StartedAt   time.Time  `json:"started_at"`
	// FinishedAt is when the newest deletion committed.
	FinishedAt time.Time `json:"finished_at"`
	// Rows and RowsNulled are per table, over every deletion of the key
	// since its tombstone was last cleared.
	Rows       map[string]int64 `json:"rows"`
	TotalRows  int64            `json:"total_rows"`
	RowsNulled map[string]int64 `json:"rows_nulled"`
	// Found is false when the first deletion found neither rows nor a
	// tombstone (a delete ahead of the entity's creation).
	Found        bool          `json:"found"`
	Blobs        BlobPurge     `json:"blobs"`
	Verification *Verification `json:"verification"`
}

// BlobPurge is what the blob purges after the deletion did.
type BlobPurge struct {
	// Purged counts the blobs the completed purges deleted.
	Purged int64 `json:"purged"`
	// Purges counts the purge_blobs runs, and LastOutcome is the newest
	// one's ("" before any).
	Purges      int        `json:"purges"`
	LastOutcome string     `json:"last_outcome,omitempty"`
	LastAt      *time.Time `json:"last_at,omitempty"`
}

// Verification is the newest check that nothing of the entity remains.
type Verification struct {
	Verified bool      `json:"verified"`
	At       time.Time `json:"at"`
	Outcome  string    `json:"outcome"`
	Error    string    `json:"error,omitempty"`
	// Checked is what the check looked at.
	Checked VerificationScope `json:"checked"`
}

// VerificationScope is what a verification looks at: no row of the
// entity's tables, no row still referencing it, no blob under its blob
// prefix (the template; "" for none).
type VerificationScope struct {
	Tables      []string `json:"tables"`
	References  bool     `json:"references"`
	BlobPrefix  string   `json:"blob_prefix"`
	Description string   `json:"description"`
}

// Lookup answers status lookups and receipts; the API and `lethe status`
// share it.
type Lookup struct {
	Config *config.Config
	Pool   *pgxpool.Pool
	// Blobs is needed only for a trial (the dry run counts blobs).
	Blobs blob.Store
}

// Status looks up ent's key (canonical): its state and what is known of
// its deletion. With trial, a live, queued or deleting entity gets the
// full dry run (entity.Preview, statements run and rolled back).
func (l Lookup) Status(ctx context.Context, ent *entity.Entity, key string, trial bool) (*EntityStatus, error) {
	privacy := l.Config.Privacy
	st := &EntityStatus{Entity: ent.Name, Key: privacy.DisplayKey(key), KeySHA256: config.KeySHA256(key), CheckedAt: time.Now().UTC()}
	var err error
	if st.Tombstone, err = db.GetTombstone(ctx, l.Pool, ent.Name, key); err != nil {
		return nil, fmt.Errorf("status of %s: %w", ent.Name, err)
	}
	if st.Tombstone != nil {
		st.Tombstone.Key = st.Key
	}
	if st.Job, err = db.LatestDeleteJob(ctx, l.Pool, l.Config.River.Schema, jobs.KindDeleteEntity, ent.Name, key); err != nil {
		return nil, fmt.Errorf("status of %s: %w", ent.Name, err)
	}
	trail, err := db.EntityAudit(ctx, l.Pool, ent.Name, key, lookupAuditLimit)
	if err != nil {
		return nil, fmt.Errorf("status of %s: %w", ent.Name, err)
	}
	trail = sinceCleared(trail)
	if st.Hold, err = db.GetHold(ctx, l.Pool, ent.Name, key); err != nil {
		return nil, fmt.Errorf("status of %s: %w", ent.Name, err)
	}
	held := st.Hold != nil
	st.Held = &held
	if held {
		st.Hold.Key = st.Key
	}
	jobWaiting := st.Job != nil && !jobFinished(st.Job.State)
	switch {
	case st.Tombstone != nil && st.Tombstone.State == db.TombstoneDeleted:
		st.State = StateDeleted
	case st.Tombstone != nil, jobWaiting && st.Job.State == "running":
		st.State = StateDeleting
	case jobWaiting:
		st.State = StateQueued
	}
	if st.State == StateDeleted {
		if st.Deletion, err = l.deletionRecord(ctx, ent, key, trail); err != nil {
			return nil, err
		}
		if err := l.restoration(ctx, st, ent.Name, key); err != nil {
			return nil, err
		}
	} else {
		if err := l.counts(ctx, st, ent, key, trial); err != nil {
			return nil, err
		}
		if st.State == "" {
			st.State = StateLive
			if *st.TotalRows == 0 {
				st.State = StateAbsent
			}
		}
		// A held entity is not deleted, whatever is asked: the hold is
		// its state until released (a large deletion stopped between its
		// chunks stays deleting).
		if held && st.State != StateDeleting {
			st.State = StateHeld
		}
		st.Progress = progressOf(trail)
	}
	if st.Job != nil && privacy.Redacts() {
		st.Job.WaitingOn = redactKey(st.Job.WaitingOn, key, privacy)
		for i := range st.Job.Errors {
			st.Job.Errors[i].Error = redactKey(st.Job.Errors[i].Error, key, privacy)
		}
	}
	if st.Progress != nil {
		st.Progress.LastError = redactKey(st.Progress.LastError, key, privacy)
	}
	if st.Deletion != nil && st.Deletion.Verification != nil {
		st.Deletion.Verification.Error = redactKey(st.Deletion.Verification.Error, key, privacy)
	}
	st.Summary = summary(st)
	return st, nil
}

// counts fills what deleting the key now would remove: the row counts, or
// with trial the whole dry run.
func (l Lookup) counts(ctx context.Context, st *EntityStatus, ent *entity.Entity, key string, trial bool) error {
	bounded := db.EntityTimeouts(l.Config, ent.Name).Pool(l.Pool)
	if trial {
		p, err := ent.Preview(ctx, bounded, l.Blobs, key)
		if err != nil {
			return fmt.Errorf("status of %s: dry run: %w", ent.Name, err)
		}
		p.Key = st.Key
		p.BlobSample = redactSample(p.BlobSample, key, l.Config.Privacy)
		if l.Config.Privacy.Redacts() {
			p.BlobPrefix = ent.Decl.BlobPrefix
		}
		st.Preview, st.Rows, st.Nulled = p, p.Rows, p.Nulled
		st.TotalRows = &p.TotalRows
		return nil
	}
	rows, err := ent.CountRows(ctx, bounded, key)
	if err != nil {
		return fmt.Errorf("status of %s: count rows: %w", ent.Name, err)
	}
	nulled, err := ent.CountNulled(ctx, bounded, key)
	if err != nil {
		return fmt.Errorf("status of %s: count referencing rows: %w", ent.Name, err)
	}
	var total int64
	for _, n := range rows {
		total += n
	}
	st.Rows, st.Nulled, st.TotalRows = rows, nulled, &total
	return nil
}

// restoration fills whether the deletion of key can still be undone
// (restorable_until) or since when it cannot (unrecoverable_since).
func (l Lookup) restoration(ctx context.Context, st *EntityStatus, entity, key string) error {
	r, err := db.GetRestoration(ctx, l.Pool, entity, key)
	if err != nil || r == nil {
		return err
	}
	switch {
	case r.PurgedAt != nil:
		since := r.PurgedAt.UTC()
		st.UnrecoverableSince = &since
	case st.CheckedAt.Before(r.PurgeAfter):
		until := r.PurgeAfter.UTC()
		st.RestorableUntil = &until
	default: // the window ended; its purge has not run yet
		since := r.PurgeAfter.UTC()
		st.UnrecoverableSince = &since
	}
	return nil
}

// sinceCleared keeps the entries of trail (newest first) after the newest
// clear_tombstone or undelete: either ends a deletion's record.
func sinceCleared(trail []db.AuditEntry) []db.AuditEntry {
	for i, e := range trail {
		if e.Action == db.ActionClearTombstone || e.Action == db.ActionUndeleteEntity {
			return trail[:i]
		}
	}
	return trail
}

// jobFinished reports whether a River job state is final.
func jobFinished(state string) bool {
	return state == "completed" || state == "cancelled" || state == "discarded"
}

// progressOf reads the newest failed deletion attempt in trail (newest
// first) after the newest successful one; nil when there is none.
func progressOf(trail []db.AuditEntry) *DeletionProgress {
	for _, e := range trail {
		if e.Action != db.ActionDeleteEntity {
			continue
		}
		if e.Outcome == db.OutcomeOK {
			return nil
		}
		p := &DeletionProgress{RowsInChunks: int64Map(e.Detail["rows_in_chunks"]), LastError: e.Error}
		at := e.FinishedAt
		p.LastErrorAt = &at
		return p
	}
	return nil
}

// deletionRecord assembles the finished deletion of the key from trail
// (newest first, since its tombstone was last cleared).
func (l Lookup) deletionRecord(ctx context.Context, ent *entity.Entity, key string, trail []db.AuditEntry) (*DeletionRecord, error) {
	rec := &DeletionRecord{Rows: map[string]int64{}, RowsNulled: map[string]int64{}, JobIDs: []int64{},
		RequestedBy: Requester{Source: "unknown"}}
	var first *db.AuditEntry
	for i := len(trail) - 1; i >= 0; i-- { // oldest first
		e := &trail[i]
		switch e.Action {
		case db.ActionDeleteEntity:
			if e.Outcome != db.OutcomeOK {
				continue
			}
			if first == nil {
				first = e
				rec.StartedAt, rec.Found = e.StartedAt, e.Detail["found"] != false
			}
			rec.FinishedAt = e.FinishedAt
			if e.JobID != nil {
				rec.JobIDs = append(rec.JobIDs, *e.JobID)
			}
			addInt64Map(rec.Rows, int64Map(e.Detail["rows"]))
			addInt64Map(rec.RowsNulled, int64Map(e.Detail["rows_nulled"]))
			rec.TotalRows += e.RowsDeleted
		case db.ActionPurgeBlobs:
			rec.Blobs.Purges++
			rec.Blobs.LastOutcome = e.Outcome
			at := e.FinishedAt
			rec.Blobs.LastAt = &at
			if e.Outcome == db.OutcomeOK {
				rec.Blobs.Purged += e.BlobsDeleted
			}
		case db.ActionVerifyEntity:
			rec.Verification = &Verification{
				Verified: e.Detail["verified"] == true, At: e.FinishedAt, Outcome: e.Outcome, Error: e.Error,
				Checked: verificationScope(ent),
			}
		}
	}
	if first == nil {
		// The tombstone stands but the audit no longer records its
		// deletion (pruned, or a tombstone written by other means).
		return rec, nil
	}
	if first.JobID != nil {
		if err := l.requested(ctx, ent, *first.JobID, rec); err != nil {
			return nil, err
		}
	}
	return rec, nil
}

// requested fills who asked for the deletion by job jobID, and when.
func (l Lookup) requested(ctx context.Context, ent *entity.Entity, jobID int64, rec *DeletionRecord) error {
	job, err := db.DeleteJobByID(ctx, l.Pool, l.Config.River.Schema, jobID)
	if err != nil {
		return fmt.Errorf("requester of %s: %w", ent.Name, err)
	}
	if job != nil {
		at := job.CreatedAt
		rec.RequestedAt = &at
		rec.RequestedBy.Source = "river"
		for _, tag := range job.Tags {
			if tag == JobTagCLI {
				rec.RequestedBy.Source = "cli"
			}
		}
	}
	req, err := db.DeleteRequest(ctx, l.Pool, ent.Name, jobID)
	if err != nil {
		return fmt.Errorf("requester of %s: %w", ent.Name, err)
	}
	if req != nil {
		rec.RequestedBy = Requester{Source: "api", Credential: stringOf(req.Detail["by"]), Role: stringOf(req.Detail["role"])}
		if rec.RequestedAt == nil {
			at := req.FinishedAt
			rec.RequestedAt = &at
		}
	}
	return nil
}

// verificationScope is what verify_entity checks for ent.
func verificationScope(ent *entity.Entity) VerificationScope {
	s := VerificationScope{Tables: ent.Tables(), References: true, BlobPrefix: ent.Decl.BlobPrefix}
	s.Description = fmt.Sprintf("no row of %s for the key, no row still referencing it", strings.Join(s.Tables, ", "))
	if s.BlobPrefix != "" {
		s.Description += ", no blob under " + s.BlobPrefix
	}
	return s
}

// summary says st in one sentence.
func summary(st *EntityStatus) string {
	name := st.Entity + " " + st.Key
	switch st.State {
	case StateDeleted:
		d := st.Deletion
		if d == nil || d.FinishedAt.IsZero() {
			return fmt.Sprintf("%s is deleted (tombstone since %s); the audit no longer records its deletion", name, st.Tombstone.DeletedAt.UTC().Format(time.RFC3339))
		}
		s := fmt.Sprintf("%s was deleted at %s: %d rows", name, d.FinishedAt.UTC().Format(time.RFC3339), d.TotalRows)
		switch v := d.Verification; {
		case v == nil:
			s += ", not verified yet"
		case v.Verified:
			s += ", verified at " + v.At.UTC().Format(time.RFC3339)
		default:
			s += ", verification FAILED"
		}
		switch {
		case st.RestorableUntil != nil:
			s += fmt.Sprintf("; restorable until %s (its rows captured, its blobs kept until then: lethe undelete %s %s)",
				st.RestorableUntil.Format(time.RFC3339), st.Entity, st.Key)
		case st.UnrecoverableSince != nil:
			s += "; unrecoverable since " + st.UnrecoverableSince.Format(time.RFC3339)
		}
		return s
	case StateDeleting:
		return fmt.Sprintf("%s is being deleted: %d rows remain", name, *st.TotalRows)
	case StateQueued:
		s := fmt.Sprintf("%s is queued for deletion (job %d, %s)", name, st.Job.ID, st.Job.State)
		if st.Job.WaitingOn != "" {
			s += "; waiting on " + st.Job.WaitingOn
		}
		return s
	case StateAbsent:
		return fmt.Sprintf("%s has no rows and no tombstone: never created, or removed by other means", name)
	case StateHeld:
		s := fmt.Sprintf("%s is on legal hold since %s (%s, by %s): %d rows, never deleted until released", name,
			st.Hold.HeldAt.UTC().Format(time.RFC3339), st.Hold.Reason, st.Hold.HeldBy, *st.TotalRows)
		if st.Job != nil && !jobFinished(st.Job.State) {
			s += fmt.Sprintf("; deletion job %d waits for the release", st.Job.ID)
		}
		return s
	default:
		return fmt.Sprintf("%s is live: %d rows", name, *st.TotalRows)
	}
}

// Receipt is the document an operator attaches to an erasure request:
// what was deleted, when, on whose request, and how it was verified.
type Receipt struct {
	Format string `json:"format"`
	Entity string `json:"entity"`
	// Key is present only when privacy.key_display is full; KeySHA256
	// always.
	Key          string           `json:"key,omitempty"`
	KeySHA256    string           `json:"key_sha256"`
	RequestedAt  *time.Time       `json:"requested_at"`
	RequestedBy  Requester        `json:"requested_by"`
	DeletedAt    time.Time        `json:"deleted_at"`
	Rows         map[string]int64 `json:"rows"`
	TotalRows    int64            `json:"total_rows"`
	RowsNulled   map[string]int64 `json:"rows_nulled"`
	BlobsPurged  int64            `json:"blobs_purged"`
	Verification *Verification    `json:"verification"`
	// RestorableUntil is set while the deletion can be undone (its rows
	// captured, its blobs kept); UnrecoverableSince once its window ended.
	RestorableUntil    *time.Time        `json:"restorable_until,omitempty"`
	UnrecoverableSince *time.Time        `json:"unrecoverable_since,omitempty"`
	Tombstone          *ReceiptTombstone `json:"tombstone"`
	JobIDs             []int64           `json:"job_ids"`
	GeneratedAt        time.Time         `json:"generated_at"`
}

// ReceiptTombstone is the tombstone a receipt names.
type ReceiptTombstone struct {
	State     string     `json:"state"`
	DeletedAt time.Time  `json:"deleted_at"`
	PurgedAt  *time.Time `json:"purged_at"`
}

// Receipt builds the receipt of a deleted entity's status; nil when st is
// not deleted.
func (l Lookup) Receipt(st *EntityStatus, key string) *Receipt {
	if st.State != StateDeleted {
		return nil
	}
	r := &Receipt{Format: ReceiptFormat, Entity: st.Entity, KeySHA256: st.KeySHA256, GeneratedAt: time.Now().UTC(),
		Rows: map[string]int64{}, RowsNulled: map[string]int64{}, JobIDs: []int64{}}
	if !l.Config.Privacy.Redacts() {
		r.Key = key
	}
	if st.Tombstone != nil {
		r.Tombstone = &ReceiptTombstone{State: st.Tombstone.State, DeletedAt: st.Tombstone.DeletedAt, PurgedAt: st.Tombstone.PurgedAt}
	}
	if d := st.Deletion; d != nil {
		r.RequestedAt, r.RequestedBy, r.DeletedAt = d.RequestedAt, d.RequestedBy, d.FinishedAt
		r.Rows, r.TotalRows, r.RowsNulled, r.BlobsPurged = d.Rows, d.TotalRows, d.RowsNulled, d.Blobs.Purged
		r.Verification, r.JobIDs = d.Verification, d.JobIDs
	}
	r.RestorableUntil, r.UnrecoverableSince = st.RestorableUntil, st.UnrecoverableSince
	if r.DeletedAt.IsZero() && st.Tombstone != nil {
		r.DeletedAt = st.Tombstone.DeletedAt
	}
	return r
}

// lookupRoutes mounts the status lookup and the receipt; GET on the
// entity key itself answers its status too.
func (s *Server) lookupRoutes() {
	auth := s.requireAuth
	s.mux.Handle("GET /api/v1/entities/{entity}/{key}", auth(http.HandlerFunc(s.handleEntityStatus)))
	s.mux.Handle("GET /api/v1/entities/{entity}/{key}/status", auth(http.HandlerFunc(s.handleEntityStatus)))
	s.mux.Handle("GET /api/v1/entities/{entity}/{key}/receipt", auth(http.HandlerFunc(s.handleEntityReceipt)))
}

func (s *Server) lookup() Lookup {
	return Lookup{Config: s.opts.Config, Pool: s.opts.Pool, Blobs: s.opts.Blobs}
}

// handleEntityStatus answers the key's status (EntityStatus).
func (s *Server) handleEntityStatus(w http.ResponseWriter, r *http.Request) {
	ent, key, ok := s.entityAndKey(w, r)
	if !ok {
		return
	}
	trial, ok := boolParam(w, r, "trial")
	if !ok {
		return
	}
	st, err := s.lookup().Status(r.Context(), ent, key, trial)
	if err != nil {
		writeError(w, http.StatusInternalServerError, s.redactError(err.Error(), key))
		return
	}
	writeJSON(w, http.StatusOK, st)
}

// handleEntityReceipt answers the receipt of a deleted key, as a download;
// 404 while it is not deleted.
func (s *Server) handleEntityReceipt(w http.ResponseWriter, r *http.Request) {
	ent, key, ok := s.entityAndKey(w, r)
	if !ok {
		return
	}
	l := s.lookup()
	st, err := l.Status(r.Context(), ent, key, false)
	if err != nil {
		writeError(w, http.StatusInternalServerError, s.redactError(err.Error(), key))
		return
	}
	receipt := l.Receipt(st, key)
	if receipt == nil {
		writeError(w, http.StatusNotFound, bounded(fmt.Sprintf("%s %s is not deleted (state %s): a receipt exists once its deletion finished", ent.Name, st.Key, st.State), st.Key))
		return
	}
	s.opts.Logger.InfoContext(r.Context(), "Generated deletion receipt",
		slog.String("entity", ent.Name), slog.String("key", st.Key),
		slog.String("by", principalFrom(r.Context()).Name))
	w.Header().Set("Content-Disposition", fmt.Sprintf(`attachment; filename="lethe-receipt-%s-%s.json"`, ent.Name, st.KeySHA256[:16]))
	writeJSON(w, http.StatusOK, receipt)
}

// redactError hides key in msg when privacy.key_display is hash.
func (s *Server) redactError(msg, key string) string {
	return redactKey(msg, key, s.opts.Config.Privacy)
}

// redactKey replaces key in s, where it stands as a word of its own (not
// inside a longer run of letters and digits), by its display form, when
// privacy hides keys.
func redactKey(s, key string, privacy config.Privacy) string {
	if !privacy.Redacts() || key == "" || !strings.Contains(s, key) {
		return s
	}
	shown := privacy.DisplayKey(key)
	var b strings.Builder
	for {
		i := strings.Index(s, key)
		if i < 0 {
			b.WriteString(s)
			return b.String()
		}
		before, _ := utf8.DecodeLastRuneInString(s[:i])
		after, _ := utf8.DecodeRuneInString(s[i+len(key):])
		b.WriteString(s[:i])
		if wordRune(before) || wordRune(after) {
			b.WriteString(key)
		} else {
			b.WriteString(shown)
		}
		s = s[i+len(key):]
	}
}

func wordRune(r rune) bool {
	return r != utf8.RuneError && (unicode.IsLetter(r) || unicode.IsDigit(r))
}

// redactSample hides key in blob keys when privacy hides keys.
func redactSample(sample []string, key string, privacy config.Privacy) []string {
	if !privacy.Redacts() {
		return sample
	}
	out := make([]string, len(sample))
	for i, k := range sample {
		out[i] = redactKey(k, key, privacy)
	}
	return out
}

// int64Map reads a detail's map of counts (decoded from JSON as
// map[string]any of float64); nil when v is not one.
func int64Map(v any) map[string]int64 {
	m, ok := v.(map[string]any)
	if !ok {
		return nil
	}
	out := make(map[string]int64, len(m))
	for k, n := range m {
		if f, ok := n.(float64); ok {
			out[k] = int64(f)
		}
	}
	return out
}

func addInt64Map(to, from map[string]int64) {
	for k, n := range from {
		to[k] += n
	}
}

func stringOf(v any) string {
	s, _ := v.(string)
	return s
}

// auditEntityKey reads the audit search's ?entity= and ?key=: entries
// whose detail names that entity and key. A key of a declared entity is
// matched as the database spells it (canonicalKey: a uuid in lower case);
// an entity the configuration no longer declares is searched as given.
// A malformed value is 400.
func (s *Server) auditEntityKey(w http.ResponseWriter, r *http.Request) (name, key string, ok bool) {
	q := r.URL.Query()
	name, key = q.Get("entity"), q.Get("key")
	if name != "" {
		if err := jobs.ValidateEntityKey(name, "k"); err != nil {
			writeError(w, http.StatusBadRequest, bounded(err.Error(), name))
			return "", "", false
		}
	}
	if key == "" {
		return name, "", true
	}
	if name == "" || s.opts.Config.Entity(name) == nil {
		if len(key) > jobs.MaxEntityKeyLen {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("key: %d bytes, more than the %d a key may have", len(key), jobs.MaxEntityKeyLen))
			return "", "", false
		}
		return name, key, true
	}
	ent, err := s.entities.Get(r.Context(), name)
	if err != nil {
		writeError(w, http.StatusInternalServerError, err.Error())
		return "", "", false
	}
	key, ok = s.canonicalKey(w, r, ent, "key: ", key)
	return name, key, ok
}

// redactAudit shows the keys audit entries name (detail.key, detail.keys
// and the key in an entry's error) as privacy.key_display says.
func (s *Server) redactAudit(entries []db.AuditEntry) {
	privacy := s.opts.Config.Privacy
	if !privacy.Redacts() {
		return
	}
	for i := range entries {
		d := entries[i].Detail
		if key, ok := d["key"].(string); ok {
			entries[i].Error = redactKey(entries[i].Error, key, privacy)
			d["key"] = privacy.DisplayKey(key)
		}
		if keys, ok := d["keys"].([]any); ok {
			for j, k := range keys {
				if key, ok := k.(string); ok {
					keys[j] = privacy.DisplayKey(key)
				}
			}
		}
	}
}
