package service

import (
	"context"
	"log/slog"
	"time"

	"github.com/lethehq/lethe/db"
	"github.com/lethehq/lethe/ledger"
)

// ReplayCommand is the command a restore's warning names, before its
// --since.
const ReplayCommand = "lethe replay --since"

// checkLedger compares the database with the deletion ledger at start
// (ledger.Check). When the ledger holds deletions flushed after the
// database's last flush, the database was restored from a backup: the
// entities deleted since may exist again. It logs a WARN naming how many
// deletions, since when, and the replay that applies them again, and
// records them in the database, where the overview shows them until
// `lethe replay` has run (a later start, after flushes of its own, could
// no longer tell). It never stops the start.
func (s *Service) checkLedger(ctx context.Context) {
	behind, err := ledger.Check(ctx, s.Pool, s.Blobs, s.Config.Ledger.Prefix, time.Now())
	if err != nil {
		s.Logger.WarnContext(ctx, "Could not compare the database with the deletion ledger", slog.String("error", err.Error()))
		return
	}
	state, err := db.GetLedgerState(ctx, s.Pool)
	if err != nil {
		s.Logger.WarnContext(ctx, "Could not read the deletion ledger's state", slog.String("error", err.Error()))
		return
	}
	entries, since := int64(behind.Entries), behind.Since
	if state.BehindEntries > 0 && state.BehindSince != nil {
		// Found by an earlier start and not replayed yet.
		entries = max(entries, state.BehindEntries)
		if since.IsZero() || state.BehindSince.Before(since) {
			since = *state.BehindSince
		}
	}
	if entries == 0 {
		return
	}
	if behind.Entries > 0 {
		if err := db.SetLedgerBehind(ctx, s.Pool, entries, since); err != nil {
			s.Logger.WarnContext(ctx, "Could not record the deletion ledger's check", slog.String("error", err.Error()))
		}
	}
	s.Logger.WarnContext(ctx, "The deletion ledger holds deletions this database lacks (restored from a backup?): entities deleted since may exist again",
		slog.Int64("deletions", entries), slog.Time("since", since.UTC()),
		slog.String("run", ReplayCommand+" "+since.UTC().Format(time.RFC3339Nano)))
}
