package web

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"log/slog"
	"net/http"
	"strconv"
	"strings"

	"github.com/lethehq/lethe/internal/quote"
)

// River UI lists at most this many jobs or queues a page: its own API's
// bound. River panics on a page of 0 or fewer, which River UI passes on.
const riverUIMaxLimit = 1000

// guardRiverUIAPI stands before River UI's API. It refuses a query the
// API would act on badly: ?limit= must be one integer from 1 to
// riverUIMaxLimit (River panics on 0 or less; River UI's own refusal of a
// non-number repeats it whole); the 400 is JSON carrying the message both
// as Lethe's "error" and as River UI's "message", which its pages show.
// And it cuts the message of River UI's own error answers to maxMessage
// bytes, as the API's: River UI repeats a queue name or job ID it cannot
// find or parse whole.
func guardRiverUIAPI(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !strings.HasPrefix(r.URL.Path, riverUIPrefix+"/api/") {
			next.ServeHTTP(w, r)
			return
		}
		if values, ok := r.URL.Query()["limit"]; ok {
			n, err := strconv.Atoi(values[0])
			if len(values) > 1 || err != nil || n < 1 || n > riverUIMaxLimit {
				msg := cutMessage(fmt.Sprintf("limit: want one integer from 1 to %d, got %s", riverUIMaxLimit, quote.Value(strings.Join(values, ","))))
				writeJSON(w, http.StatusBadRequest, map[string]string{"error": msg, "message": msg})
				return
			}
		}
		ew := &riverUIErrorWriter{ResponseWriter: w}
		next.ServeHTTP(ew, r)
		ew.finish(requestValues(r))
	})
}

// riverUIErrorWriter holds back an error answer of River UI's API
// ({"message": ...} with a status of 400 or more) until finish writes it
// with its message cut to maxMessage bytes. Other answers pass through.
type riverUIErrorWriter struct {
	http.ResponseWriter
	status int // the error status held back; 0 for none
	body   bytes.Buffer
}

// maxRiverUIErrorBody bounds how much of an error answer is held: one
// longer is not River UI's small JSON, and is answered by its status.
const maxRiverUIErrorBody = 1 << 20

func (w *riverUIErrorWriter) WriteHeader(status int) {
	if status >= 400 && w.status == 0 {
		w.status = status
		return
	}
	w.ResponseWriter.WriteHeader(status)
}

func (w *riverUIErrorWriter) Write(b []byte) (int, error) {
	if w.status == 0 {
		return w.ResponseWriter.Write(b)
	}
	if room := maxRiverUIErrorBody + 1 - w.body.Len(); room > 0 {
		w.body.Write(b[:min(len(b), room)])
	}
	return len(b), nil
}

// finish writes the error answer held back, if any, with inputs (what
// the request named) cut as bounded does.
func (w *riverUIErrorWriter) finish(inputs []string) {
	if w.status == 0 {
		return
	}
	var answer struct {
		Message string `json:"message"`
	}
	msg := strings.ToLower(http.StatusText(w.status))
	if w.body.Len() <= maxRiverUIErrorBody && json.Unmarshal(w.body.Bytes(), &answer) == nil && answer.Message != "" {
		msg = bounded(answer.Message, inputs...)
	}
	w.Header().Del("Content-Length")
	writeJSON(w.ResponseWriter, w.status, map[string]string{"message": msg})
}

// requestValues are the values r names that an answer may repeat: its
// path's segments and its query's names and values.
func requestValues(r *http.Request) []string {
	values := strings.Split(r.URL.Path, "/")
	for name, vs := range r.URL.Query() {
		values = append(values, name)
		values = append(values, vs...)
	}
	return values
}

// Unwrap lets http.ResponseController reach the underlying writer.
func (w *riverUIErrorWriter) Unwrap() http.ResponseWriter { return w.ResponseWriter }

// maxLogValue bounds each value of a log line River UI writes: it logs
// request values (a query parameter it refused, an error repeating one)
// whole, and a request can carry 64 KiB of them.
const maxLogValue = 256

// boundedHandler is a slog.Handler that cuts every string value longer
// than maxLogValue bytes (the message, attributes, those of groups and
// the text of errors and other values) to its first bytes and its length,
// before next writes the line.
type boundedHandler struct{ next slog.Handler }

func (h boundedHandler) Enabled(ctx context.Context, level slog.Level) bool {
	return h.next.Enabled(ctx, level)
}

func (h boundedHandler) Handle(ctx context.Context, r slog.Record) error {
	out := slog.NewRecord(r.Time, r.Level, cutLogValue(r.Message), r.PC)
	r.Attrs(func(a slog.Attr) bool {
		out.AddAttrs(boundAttr(a))
		return true
	})
	return h.next.Handle(ctx, out)
}

func (h boundedHandler) WithAttrs(attrs []slog.Attr) slog.Handler {
	bounded := make([]slog.Attr, len(attrs))
	for i, a := range attrs {
		bounded[i] = boundAttr(a)
	}
	return boundedHandler{h.next.WithAttrs(bounded)}
}

func (h boundedHandler) WithGroup(name string) slog.Handler {
	return boundedHandler{h.next.WithGroup(cutLogValue(name))}
}

// boundAttr returns a with its key and value cut to maxLogValue bytes; a
// value that is not a string (an error, a Stringer, a struct) is cut as
// the text it would be logged as when that is longer.
func boundAttr(a slog.Attr) slog.Attr {
	a.Key = cutLogValue(a.Key)
	v := a.Value.Resolve()
	switch v.Kind() {
	case slog.KindString:
		a.Value = slog.StringValue(cutLogValue(v.String()))
	case slog.KindGroup:
		group := v.Group()
		bounded := make([]slog.Attr, len(group))
		for i, g := range group {
			bounded[i] = boundAttr(g)
		}
		a.Value = slog.GroupValue(bounded...)
	case slog.KindAny:
		if text := fmt.Sprint(v.Any()); len(text) > maxLogValue {
			a.Value = slog.StringValue(cutLogValue(text))
		} else {
			a.Value = v
		}
	default:
		a.Value = v
	}
	return a
}

// cutLogValue returns s when it is at most maxLogValue bytes, else its
// first maxLogValue bytes and its length.
func cutLogValue(s string) string {
	if len(s) <= maxLogValue {
		return s
	}
	return fmt.Sprintf("%s…(%d bytes)", quote.Cut(s, maxLogValue), len(s))
}
