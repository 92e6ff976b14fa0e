package service

import (
	"io"
	"log/slog"
	"os"

	"golang.org/x/term"

	"github.com/lethehq/lethe/config"
)

// NewLogger returns Lethe's logger on w at level, in format (config's
// log_format): text lines for config.LogFormatText, JSON lines for
// config.LogFormatJSON, and for config.LogFormatAuto text when isTerminal
// says w is a terminal (a person reads it) and JSON otherwise (a journal or
// a log shipper does). A nil isTerminal sees no terminal.
//
// Every time.Duration value, Lethe's own and River's, is written as seconds,
// a number (1.5, not "1.5s" or 1500000000); Lethe's own keys say so with a
// _seconds suffix, except those the runbook's lines keep (docs/sweep.md).
func NewLogger(w io.Writer, level slog.Leveler, format string, isTerminal func(io.Writer) bool) *slog.Logger {
	opts := &slog.HandlerOptions{Level: level, ReplaceAttr: durationSeconds}
	if TextLogs(format, w, isTerminal) {
		return slog.New(slog.NewTextHandler(w, opts))
	}
	return slog.New(slog.NewJSONHandler(w, opts))
}

// TextLogs reports whether NewLogger writes text lines on w in format.
func TextLogs(format string, w io.Writer, isTerminal func(io.Writer) bool) bool {
	switch format {
	case config.LogFormatText:
		return true
	case config.LogFormatJSON:
		return false
	default:
		return isTerminal != nil && isTerminal(w)
	}
}

// IsTerminal reports whether w is an *os.File open on a terminal: the
// isTerminal of NewLogger in the commands.
func IsTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	return ok && term.IsTerminal(int(f.Fd()))
}

// durationSeconds is a slog ReplaceAttr that writes a time.Duration value
// as seconds: the JSON handler would write an integer of nanoseconds.
func durationSeconds(_ []string, a slog.Attr) slog.Attr {
	if a.Value.Kind() == slog.KindDuration {
		return slog.Float64(a.Key, a.Value.Duration().Seconds())
	}
	return a
}
