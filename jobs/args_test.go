package jobs_test

import (
	"bytes"
	"encoding/base64"
	"encoding/json"
	"flag"
	"os"
	"reflect"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/lethehq/lethe/jobs"
)

// args is what every args type implements.
type args interface {
	Kind() string
	Validate() error
}

// allArgs returns a new, empty value of every args type, one per kind.
func allArgs() []args {
	return []args{
		&jobs.ExpirePlan{}, &jobs.ExpireBatch{}, &jobs.ExpireWatchdog{}, &jobs.ExpireDelete{}, &jobs.Sweep{},
		&jobs.DeleteEntity{}, &jobs.PurgeBlobs{}, &jobs.OrphanSweep{}, &jobs.TombstoneGC{},
		&jobs.CreateRun{}, &jobs.LogMetric{}, &jobs.SetTag{}, &jobs.SetAttribute{},
		&jobs.AddToExperiment{}, &jobs.PutRunBlob{}, &jobs.PruneHistory{},
		&jobs.LedgerFlush{}, &jobs.LedgerPrune{},
	}
}

// maxErrorLen bounds the error of malformed args: short enough for a log
// line and a job's error, whatever the input.
const maxErrorLen = 300

// decode decodes data the way River does (json.Unmarshal into the args
// value) and validates the result.
func decode(t testing.TB, kind string, data []byte) (args, error) {
	t.Helper()
	for _, a := range allArgs() {
		if a.Kind() == kind {
			if err := json.Unmarshal(data, a); err != nil {
				t.Fatalf("%s: json.Unmarshal(%.80s) = %v; River would retry the job instead of the worker cancelling it", kind, data, err)
			}
			return a, a.Validate()
		}
	}
	t.Fatalf("no args type of kind %s", kind)
	return nil, nil
}

// documented is, for each kind, JSON like README.md's job table shows
// (lethe.expire_batch, internal, is not there), which must decode and
// validate; it seeds FuzzJobArgs.
var documented = map[string]string{
	jobs.KindExpirePlan:      `{"policy":"pastes"}`,
	jobs.KindExpireBatch:     `{"policy":"pastes","deletion_initiated_at":"2026-11-22T03:00:00.123456Z","rows":2000}`,
	jobs.KindExpireWatchdog:  `{"policy":"pastes"}`,
	jobs.KindExpireDelete:    `{"policy":"sessions","rows":5000,"from":"2026-11-22T03:00:00.123456Z"}`,
	jobs.KindSweep:           `{"policy":"idempotency"}`,
	jobs.KindDeleteEntity:    `{"entity":"run","key":"abc123"}`,
	jobs.KindPurgeBlobs:      `{"entity":"run","key":"abc123"}`,
	jobs.KindOrphanSweep:     `{"policy":"runs"}`,
	jobs.KindTombstoneGC:     `{"policy":"runs"}`,
	jobs.KindCreateRun:       `{"run_hash":"abc","name":"baseline","experiment":"mnist"}`,
	jobs.KindLogMetric:       `{"run_hash":"abc","name":"loss","context":"train","step":7,"value":0.25}`,
	jobs.KindSetTag:          `{"run_hash":"abc","tag":"best"}`,
	jobs.KindSetAttribute:    `{"run_hash":"abc","key":"lr","value":0.001}`,
	jobs.KindAddToExperiment: `{"run_hash":"abc","experiment":"mnist"}`,
	jobs.KindPutRunBlob:      `{"run_hash":"abc","name":"ckpt/1","data_base64":"aGVsbG8="}`,
	jobs.KindPruneHistory:    `{}`,
	jobs.KindLedgerFlush:     `{}`,
	jobs.KindLedgerPrune:     `{}`,
}

// adversarial are args an adversarial pass inserted into a running Lethe;
// each must decode without error (so River runs the worker) and fail
// Validate with an error naming the problem (so the worker cancels it).
var adversarial = []struct {
	kind, args, want string
}{
	{jobs.KindExpirePlan, `[]`, "args must be a JSON object, not an array"},
	{jobs.KindSweep, `"x"`, `args must be a JSON object, not the string "x"`},
	{jobs.KindOrphanSweep, `42`, "args must be a JSON object, not the number 42"},
	{jobs.KindTombstoneGC, `null`, "args must be a JSON object, not null"},
	{jobs.KindExpireWatchdog, `true`, "args must be a JSON object, not a boolean"},
	{jobs.KindCreateRun, `{"run_hash":5}`, "run_hash must be a string, not the number 5"},
	{jobs.KindLogMetric, `{"run_hash":"abc","name":"loss","step":"seven","value":1}`, `step must be an integer of at most 64 bits, not the string "seven"`},
	{jobs.KindLogMetric, `{"step":"seven"}`, `step must be an integer of at most 64 bits, not the string "seven"`},
	{jobs.KindLogMetric, `{"step":7}`, "run_hash, name, value are required"},
	{jobs.KindLogMetric, `{"run_hash":"abc","name":"loss","step":1.5,"value":1}`, "step must be an integer of at most 64 bits, not the number 1.5"},
	{jobs.KindLogMetric, `{"run_hash":"abc","name":"loss","step":1e30,"value":1}`, "step must be an integer"},
	{jobs.KindLogMetric, `{"run_hash":"abc","name":"loss","step":1,"value":1e400}`, "value must be a finite number, not the number 1e400"},
	{jobs.KindLogMetric, `{"run_hash":"abc","name":"loss","step":7}`, "value is required"},
	{jobs.KindLogMetric, `{"run_hash":"abc","name":"loss","value":0.5}`, "step is required"},
	{jobs.KindLogMetric, `{"run_hash":"abc","name":"loss","step":7,"value":null}`, "value must be a finite number, not null"},
	{jobs.KindOrphanSweep, `{"policy":7}`, "policy must be a string, not the number 7"},
	{jobs.KindExpirePlan, `{"policy":7}`, "policy must be a string, not the number 7"},
	{jobs.KindExpirePlan, `{}`, "policy is required"},
	{jobs.KindExpirePlan, `{"Policy":"pastes"}`, `unknown field "Policy"; the fields are policy`},
	{jobs.KindSweep, `{"policy":"idempotency","extra":1,"more":2}`, `unknown field "extra" (and 1 more)`},
	{jobs.KindPruneHistory, `{"policy":"audit"}`, `unknown field "policy"`},
	{jobs.KindPruneHistory, `[]`, "args must be a JSON object, not an array"},
	{jobs.KindExpireBatch, `{"policy":"pastes","deletion_initiated_at":"yesterday","rows":1}`, `deletion_initiated_at must be an RFC 3339 timestamp, not the string "yesterday"`},
	{jobs.KindExpireBatch, `{"policy":"pastes","deletion_initiated_at":"2026-11-22T03:00:00Z"}`, "rows is required"},
	{jobs.KindExpireBatch, `{"policy":"pastes","deletion_initiated_at":"2026-11-22T03:00:00Z","rows":-1}`, "rows -1 is negative"},
	{jobs.KindExpireDelete, `{"policy":"sessions"}`, "rows is required"},
	{jobs.KindExpireDelete, `{"policy":"sessions","rows":0}`, "rows 0 must be at least 1"},
	{jobs.KindExpireDelete, `{"policy":"sessions","rows":1,"from":"soon"}`, `from must be an RFC 3339 timestamp, not the string "soon"`},
	{jobs.KindDeleteEntity, `{"entity":"run"}`, "key is required"},
	{jobs.KindPurgeBlobs, `{"entity":["run"],"key":"abc"}`, "entity must be a string, not an array"},
	{jobs.KindCreateRun, `{"run_hash":"abc"}`, "name is required"},
	{jobs.KindSetTag, `{"run_hash":"abc","tag":{"a":1}}`, "tag must be a string, not an object"},
	{jobs.KindSetAttribute, `{"run_hash":"abc","key":"lr"}`, "value is required"},
	{jobs.KindAddToExperiment, `{"run_hash":"abc","experiment":""}`, "experiment is required"},
	{jobs.KindPutRunBlob, `{"run_hash":"abc","name":"ckpt/1"}`, "data_base64 is required"},
	{jobs.KindPutRunBlob, `{"run_hash":"abc","name":"` + strings.Repeat("n", 300) + `/x","data_base64":""}`, "has a segment of 300 bytes, more than the 255 allowed"},
	{jobs.KindPutRunBlob, `{"run_hash":"abc","name":"a\u0001b","data_base64":""}`, "must not contain control characters"},
	// Huge values: refused before any SQL, and quoted by a short prefix.
	{jobs.KindDeleteEntity, `{"entity":"run","key":"` + strings.Repeat("k", 2_000_000) + `"}`, `key "kkkk`},
	{jobs.KindCreateRun, `{"run_hash":"` + strings.Repeat("h", 2_000_000) + `","name":"x"}`, "…(2000000 bytes) is malformed"},
	{jobs.KindSetTag, `{"run_hash":"abc","tag":"` + strings.Repeat("t", 2_000_000) + `"}`, "tag is 2000000 bytes, more than the 512 allowed"},
	{jobs.KindLogMetric, `{"run_hash":"abc","name":"` + strings.Repeat("m", 600) + `","step":1,"value":1}`, "name is 600 bytes, more than the 512 allowed"},
	{jobs.KindSetAttribute, `{"run_hash":"abc","key":"k","value":"` + strings.Repeat("v", 300_000) + `"}`, "value is 300002 bytes of JSON, more than the 262144 allowed"},
	{jobs.KindAddToExperiment, `{"run_hash":"abc","experiment":"` + strings.Repeat("e", 257) + `"}`, "experiment is 257 bytes, more than the 256 allowed"},
	{jobs.KindPutRunBlob, `{"run_hash":"abc","name":"x","data_base64":"` + strings.Repeat("A", 2_000_000) + `"}`, "data_base64 is 2000000 bytes, more than the 1398104"},
	{jobs.KindSweep, `{"policy":"` + strings.Repeat("p", 3<<20) + `"}`, "args are 3145741 bytes, more than the 2097152 allowed"},
	{jobs.KindSweep, `{"policy":"` + strings.Repeat(`\u0001`, 1000) + `"}`, `policy "\x01\x01`},
}

var (
	readmeJobRow  = regexp.MustCompile("^\\| `(lethe\\.[a-z_]+)` \\| (.*?) \\|")
	readmeJobArgs = regexp.MustCompile("`(\\{[^`]*\\})`")
	readmeHole    = regexp.MustCompile(`<[a-z_]+>`)
)

// readmeArgs returns the JSON args README.md's job table shows for each
// kind, each placeholder (<key>) filled with abc.
func readmeArgs(t *testing.T) map[string][]string {
	t.Helper()
	data, err := os.ReadFile("../README.md")
	if err != nil {
		t.Fatal(err)
	}
	shown := map[string][]string{}
	for line := range strings.Lines(string(data)) {
		row := readmeJobRow.FindStringSubmatch(line)
		if row == nil {
			continue
		}
		for _, m := range readmeJobArgs.FindAllStringSubmatch(row[2], -1) {
			shown[row[1]] = append(shown[row[1]], readmeHole.ReplaceAllString(m[1], "abc"))
		}
	}
	return shown
}

func TestArgsDecodeStrictly(t *testing.T) {
	t.Parallel()

	t.Run("DocumentedJSON", func(t *testing.T) {
		t.Parallel()
		for _, a := range allArgs() {
			text, ok := documented[a.Kind()]
			if !ok {
				t.Errorf("no documented JSON for %s", a.Kind())
				continue
			}
			if _, err := decode(t, a.Kind(), []byte(text)); err != nil {
				t.Errorf("%s %s: %v", a.Kind(), text, err)
			}
		}
	})

	t.Run("READMEJSON", func(t *testing.T) {
		t.Parallel()
		shown := readmeArgs(t)
		for _, a := range allArgs() {
			if a.Kind() == jobs.KindExpireBatch || a.Kind() == jobs.KindExpireDelete {
				continue // internal: the README does not show it
			}
			if len(shown[a.Kind()]) == 0 {
				t.Errorf("README.md's job table shows no args for %s", a.Kind())
			}
			for _, text := range shown[a.Kind()] {
				if _, err := decode(t, a.Kind(), []byte(text)); err != nil {
					t.Errorf("README.md's %s %s: %v", a.Kind(), text, err)
				}
			}
		}
	})

	t.Run("MalformedArgsAreReportedByValidate", func(t *testing.T) {
		t.Parallel()
		for _, c := range adversarial {
			_, err := decode(t, c.kind, []byte(c.args))
			switch {
			case err == nil:
				t.Errorf("%s %.80s: accepted, want an error mentioning %q", c.kind, c.args, c.want)
			case !strings.Contains(err.Error(), c.want):
				t.Errorf("%s %.80s: err = %v, want it to mention %q", c.kind, c.args, err, c.want)
			case len(err.Error()) > maxErrorLen:
				t.Errorf("%s %.80s: error is %d bytes, want at most %d: %.400s", c.kind, c.args, len(err.Error()), maxErrorLen, err)
			}
		}
	})

	t.Run("OptionalFieldsMayBeLeftOutOrNull", func(t *testing.T) {
		t.Parallel()
		for _, c := range []struct{ kind, args string }{
			{jobs.KindCreateRun, `{"run_hash":"abc","name":""}`},
			{jobs.KindCreateRun, `{"run_hash":"abc","name":"","experiment":null}`},
			{jobs.KindLogMetric, `{"run_hash":"abc","name":"loss","step":0,"value":0}`},
			{jobs.KindLogMetric, `{"run_hash":"abc","name":"loss","context":null,"step":0,"value":0}`},
			{jobs.KindSetAttribute, `{"run_hash":"abc","key":"lr","value":null}`},
			{jobs.KindPutRunBlob, `{"run_hash":"abc","name":"empty","data_base64":""}`},
		} {
			if _, err := decode(t, c.kind, []byte(c.args)); err != nil {
				t.Errorf("%s %s: %v", c.kind, c.args, err)
			}
		}
	})

	t.Run("DecodingReplacesEverything", func(t *testing.T) {
		t.Parallel()
		// River decodes into a fresh value, but a reused one must not keep
		// fields or a problem from before.
		a := jobs.LogMetric{RunHash: "old", Name: "old", Context: "old", Step: 3, Value: 3}
		if err := json.Unmarshal([]byte(`{"run_hash":"abc","name":"loss","step":7,"value":0.25}`), &a); err != nil {
			t.Fatal(err)
		}
		if want := (jobs.LogMetric{RunHash: "abc", Name: "loss", Step: 7, Value: 0.25}); a != want || a.Validate() != nil {
			t.Errorf("decoded %+v (%v), want %+v", a, a.Validate(), want)
		}
		if err := json.Unmarshal([]byte(`{"run_hash":"abc"}`), &a); err != nil {
			t.Fatal(err)
		}
		if a.Validate() == nil || a.RunHash != "" {
			t.Errorf("after malformed JSON: %+v, %v; want no fields and an error", a, a.Validate())
		}
	})

	t.Run("InsertedJSONIsUnchanged", func(t *testing.T) {
		t.Parallel()
		// Other services' Go clients marshal these; the JSON is the
		// contract and must not change.
		at := time.Date(2026, 11, 22, 3, 0, 0, 123456000, time.UTC)
		for want, a := range map[string]any{
			`{"policy":"pastes"}`: jobs.ExpirePlan{Policy: "pastes"},
			`{"policy":"pastes","deletion_initiated_at":"2026-11-22T03:00:00.123456Z","rows":2000}`: jobs.ExpireBatch{Policy: "pastes", ClaimedAt: at, Rows: 2000},
			`{"policy":"idempotency"}`:                            jobs.Sweep{Policy: "idempotency"},
			`{"entity":"run","key":"abc"}`:                        jobs.DeleteEntity{Entity: "run", Key: "abc"},
			`{"run_hash":"abc","name":"baseline"}`:                jobs.CreateRun{RunHash: "abc", Name: "baseline"},
			`{"run_hash":"abc","name":"loss","step":0,"value":0}`: jobs.LogMetric{RunHash: "abc", Name: "loss"},
			`{"run_hash":"abc","key":"lr","value":null}`:          jobs.SetAttribute{RunHash: "abc", Key: "lr"},
			`{"run_hash":"abc","name":"x","data_base64":""}`:      jobs.PutRunBlob{RunHash: "abc", Name: "x"},
		} {
			got, err := json.Marshal(a)
			if err != nil || string(got) != want {
				t.Errorf("%T marshals to %s (%v), want %s", a, got, err, want)
			}
		}
	})
}

// FuzzJobArgs decodes arbitrary JSON into every kind's args as River does
// and validates it. Decoding never fails and nothing panics; malformed args
// get a short error; accepted args survive a round trip unchanged.
func FuzzJobArgs(f *testing.F) {
	for _, text := range documented {
		f.Add([]byte(text))
	}
	for _, c := range adversarial {
		// The megabyte seeds run with the other seeds in go test; while
		// fuzzing, mutating them would slow the fuzzer to a crawl, and the
		// code they reach is reached by smaller inputs too.
		if len(c.args) <= maxFuzzSeed || !fuzzing() {
			f.Add([]byte(c.args))
		}
	}
	for _, text := range []string{
		`{}`, `{"run_hash":"abc","name":"n","step":-1,"value":1}`, `{"run_hash":"abc","key":"k","value":{"a":[1,2,{"b":null}]}}`,
		`{"run_hash":"abc","name":"../x","data_base64":"eA=="}`, `{"entity":"account","key":".."}`,
		`{"policy":"pastes","deletion_initiated_at":"2026-11-22T03:00:00+02:00","rows":0}`,
		`{"run_hash":"abc","name":"loss","step":9223372036854775807,"value":-0}`,
		`{"run_hash":"abc","tag":"\ud800"}`, `  {"policy":"runs"}  `, `{"policy":"runs"} {}`,
	} {
		f.Add([]byte(text))
	}
	f.Fuzz(func(t *testing.T, data []byte) {
		if !json.Valid(data) {
			return // River's args come from a jsonb column: always valid JSON
		}
		for _, empty := range allArgs() {
			checkRoundTrip(t, empty.Kind(), data)
		}
	})
}

// maxFuzzSeed is the largest seed the fuzzer mutates.
const maxFuzzSeed = 64 << 10

// fuzzing reports whether this go test run fuzzes (-fuzz), rather than
// only running the seeds.
func fuzzing() bool {
	f := flag.Lookup("test.fuzz")
	return f != nil && f.Value.String() != ""
}

// checkRoundTrip checks one kind on data (see FuzzJobArgs).
func checkRoundTrip(t *testing.T, kind string, data []byte) {
	a, err := decode(t, kind, data)
	if err != nil {
		if len(err.Error()) > maxErrorLen {
			t.Fatalf("%s: error of %d bytes, want at most %d: %.400s", kind, len(err.Error()), maxErrorLen, err)
		}
		return
	}
	encoded, err := json.Marshal(a)
	if err != nil {
		t.Fatalf("%s: accepted args do not marshal: %v", kind, err)
	}
	again, err := decode(t, kind, encoded)
	if err != nil {
		t.Fatalf("%s: accepted args, re-marshalled as %.200s, are refused: %v", kind, encoded, err)
	}
	reencoded, err := json.Marshal(again)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(encoded, reencoded) || !reflect.DeepEqual(normalize(a), normalize(again)) {
		t.Fatalf("%s: round trip changed the args:\n%+v\n%+v", kind, a, again)
	}
}

// normalize drops what a round trip may legitimately change: the location
// pointer of a timestamp (an equal instant, offset and all, is the same
// value).
func normalize(a args) args {
	if b, ok := a.(*jobs.ExpireBatch); ok {
		c := *b
		c.ClaimedAt = c.ClaimedAt.UTC()
		return &c
	}
	return a
}

func TestPutRunBlobData(t *testing.T) {
	t.Parallel()
	want := bytes.Repeat([]byte{0xff, 0, 'x'}, 1000)
	a, err := decode(t, jobs.KindPutRunBlob, []byte(`{"run_hash":"abc","name":"b","data_base64":"`+base64.StdEncoding.EncodeToString(want)+`"}`))
	if err != nil {
		t.Fatal(err)
	}
	got, err := a.(*jobs.PutRunBlob).Data()
	if err != nil || !bytes.Equal(got, want) {
		t.Errorf("Data() = %d bytes, %v; want the %d bytes encoded", len(got), err, len(want))
	}
}
