package db

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"slices"
	"sync"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
)

// slotWaitAtStart bounds how long ConnectPool's first connection waits for
// a slot; later connections wait as long as their context (pgxpool gives
// each connect two minutes) allows.
const slotWaitAtStart = 2 * time.Minute

// slotDialTimeout bounds one dial, so an address that never answers still
// fails in seconds while a full server is waited for.
const slotDialTimeout = 10 * time.Second

// slotRetryRounds is how many times one connection goes back to waiting
// when a slot it saw free is taken before it connects.
const slotRetryRounds = 3

// probeReleased is how long a probe's slot takes to free after its close.
const probeReleased = 20 * time.Millisecond

// noSlotCodes are the SQLSTATEs of a server with no connection slot for
// this role: too_many_connections (max_connections, a role's or a
// database's CONNECTION LIMIT, the slots reserved for superusers) and
// configuration_limit_exceeded.
var noSlotCodes = []string{"53300", "53400"}

func isNoSlot(err error) (*pgconn.PgError, bool) {
	var pgErr *pgconn.PgError
	if errors.As(err, &pgErr) && slices.Contains(noSlotCodes, pgErr.Code) {
		return pgErr, true
	}
	return nil, false
}

// IsConnectionShortage reports whether err is the database's lack of a
// connection for Lethe: no slot free (a full max_connections or role
// limit), a connection that could not be made, or a wait for one that ran
// out of time. Such an error goes away when the database frees a slot;
// any other does not.
func IsConnectionShortage(err error) bool {
	if _, ok := isNoSlot(err); ok {
		return true
	}
	var connectErr *pgconn.ConnectError
	var netErr net.Error
	return errors.As(err, &connectErr) || errors.As(err, &netErr) || errors.Is(err, context.DeadlineExceeded)
}

// errNotRetried is what the retry attempts of a connection return when
// its failure was not a lack of slots: that fails at once, as without
// slotWait.
var errNotRetried = errors.New("not retried: not a lack of connection slots")

// slotWait makes a new connection wait for a free slot when the server
// refuses it for lack of one, instead of failing the job or request that
// needed it. pgconn tries a connection's fallback hosts in turn after any
// failure but an authentication one; slotWait appends copies of the
// connection's hosts as fallbacks, and their dial waits, with backoff and
// a probe connection, until the server accepts a connection again. Only a
// lack of slots is retried. It logs once per shortage (WARN) and when it
// ends (INFO).
type slotWait struct {
	logger   *slog.Logger
	maxConns int32

	mu    sync.Mutex
	since time.Time // when the current shortage began; zero without one
}

// beforeConnect is pgxpool's BeforeConnect: it arms cc, the copy of the
// configuration one new connection uses.
func (w *slotWait) beforeConnect(_ context.Context, cc *pgx.ConnConfig) error {
	probe := cc.Config.Copy()
	hosts := append([]*pgconn.FallbackConfig{{Host: cc.Host, Port: cc.Port, TLSConfig: cc.TLSConfig}}, cc.Fallbacks...)
	fallbacks := slices.Clone(cc.Fallbacks) // probe keeps the original list
	for range slotRetryRounds {
		for _, h := range hosts {
			copied := *h
			fallbacks = append(fallbacks, &copied)
		}
	}
	cc.Fallbacks = fallbacks

	var (
		mu       sync.Mutex
		attempt  int
		refused  *pgconn.PgError // the server's last refusal for lack of slots
		retrying bool
	)
	onPgError := cc.OnPgError
	cc.OnPgError = func(c *pgconn.PgConn, pgErr *pgconn.PgError) bool {
		if _, ok := isNoSlot(pgErr); ok {
			mu.Lock()
			refused = pgErr
			mu.Unlock()
		}
		if onPgError == nil {
			return false
		}
		return onPgError(c, pgErr)
	}
	dial := cc.DialFunc
	cc.DialFunc = func(ctx context.Context, network, addr string) (net.Conn, error) {
		mu.Lock()
		attempt++
		n, last := attempt, refused
		refused = nil
		if last != nil {
			retrying = true
		}
		again := retrying
		mu.Unlock()
		dialCtx, cancel := context.WithTimeout(ctx, slotDialTimeout)
		defer cancel()
		switch {
		case n <= len(hosts): // the connection's own hosts, as configured
		case last != nil:
			if err := w.waitForSlot(ctx, probe, last); err != nil {
				return nil, err
			}
		case !again:
			return nil, errNotRetried
		}
		return dial(dialCtx, network, addr)
	}
	return nil
}

// waitForSlot waits, with backoff, until a probe connection with cfg (the
// connection's own configuration) gets a slot, and closes the probe. A
// probe refused for another reason ends the wait with its error.
func (w *slotWait) waitForSlot(ctx context.Context, cfg *pgconn.Config, refused *pgconn.PgError) error {
	w.shortage(refused)
	backoff := 250 * time.Millisecond
	for {
		timer := time.NewTimer(backoff)
		select {
		case <-ctx.Done():
			timer.Stop()
			return fmt.Errorf("waiting for a connection slot: %w (last refusal: %w)", ctx.Err(), refused)
		case <-timer.C:
		}
		backoff = min(2*backoff, 5*time.Second)
		conn, err := pgconn.ConnectConfig(ctx, cfg)
		if err == nil {
			_ = conn.Close(ctx)
			// The server frees the probe's slot when its backend exits,
			// just after the close: give it that moment before the
			// connection itself takes the slot.
			time.Sleep(probeReleased)
			return nil
		}
		pgErr, ok := isNoSlot(err)
		if !ok {
			return err
		}
		refused = pgErr
	}
}

// shortage logs the start of a shortage of connection slots, once.
func (w *slotWait) shortage(refused *pgconn.PgError) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.since.IsZero() {
		return
	}
	w.since = time.Now()
	w.logger.Warn("PostgreSQL has no connection slot for Lethe; waiting for one",
		slog.String("sqlstate", refused.Code), slog.String("error", refused.Message),
		slog.Int("pool_max_conns", int(w.maxConns)),
		slog.String("hint", "the server's max_connections, or the role's or database's CONNECTION LIMIT, is reached; see README, Connections"))
}

// afterConnect is pgxpool's AfterConnect: a connection made ends any
// shortage.
func (w *slotWait) afterConnect(context.Context, *pgx.Conn) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	if !w.since.IsZero() {
		w.logger.Info("PostgreSQL connection slot free again; Lethe proceeds", slog.Float64("waited_seconds", time.Since(w.since).Seconds()))
		w.since = time.Time{}
	}
	return nil
}
