package jobs_test

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/lethehq/lethe/jobs"
)

type validator interface {
	Kind() string
	Validate() error
}

func TestTombstoneArgs(t *testing.T) {
	t.Parallel()

	t.Run("JSONContract", func(t *testing.T) {
		t.Parallel()
		// The documented JSON (docs/tombstones.md) decodes into the args and
		// validates, and kinds are the documented ones.
		for kind, text := range map[string]string{
			"lethe.delete_entity":     `{"entity":"run","key":"abc123"}`,
			"lethe.purge_blobs":       `{"entity":"run","key":"abc123"}`,
			"lethe.orphan_sweep":      `{"policy":"runs"}`,
			"lethe.tombstone_gc":      `{"policy":"runs"}`,
			"lethe.create_run":        `{"run_hash":"abc","name":"baseline","experiment":"mnist"}`,
			"lethe.log_metric":        `{"run_hash":"abc","name":"loss","context":"train","step":7,"value":0.25}`,
			"lethe.set_tag":           `{"run_hash":"abc","tag":"best"}`,
			"lethe.set_attribute":     `{"run_hash":"abc","key":"lr","value":0.001}`,
			"lethe.add_to_experiment": `{"run_hash":"abc","experiment":"mnist"}`,
			"lethe.put_run_blob":      `{"run_hash":"abc","name":"ckpt/1","data_base64":"aGVsbG8="}`,
		} {
			args := byKind(kind)
			if args == nil {
				t.Fatalf("no args type for %s", kind)
			}
			dec := json.NewDecoder(strings.NewReader(text))
			dec.DisallowUnknownFields()
			if err := dec.Decode(args); err != nil {
				t.Errorf("%s: %v", kind, err)
				continue
			}
			if args.Kind() != kind {
				t.Errorf("Kind() = %s, want %s", args.Kind(), kind)
			}
			if err := args.Validate(); err != nil {
				t.Errorf("%s %s: %v", kind, text, err)
			}
		}
	})

	t.Run("MalformedArgsNameTheField", func(t *testing.T) {
		t.Parallel()
		for _, c := range []struct {
			args validator
			want string
		}{
			{jobs.DeleteEntity{Entity: "run"}, "key is required"},
			{jobs.DeleteEntity{Entity: "run", Key: "a/b"}, "key"},
			{jobs.DeleteEntity{Entity: "run", Key: strings.Repeat("a", 65)}, "malformed"},
			{jobs.DeleteEntity{Key: "abc"}, "entity is required"},
			{jobs.PurgeBlobs{Entity: "Paste!", Key: "abc"}, `entity "Paste!" is malformed`},
			{jobs.DeleteEntity{Entity: "account", Key: "../x"}, `no '/'`},
			{jobs.DeleteEntity{Entity: "account", Key: ".."}, `not allowed`},
			{jobs.DeleteEntity{Entity: "account", Key: strings.Repeat("k", 201)}, `201 bytes`},
			{jobs.OrphanSweep{}, "policy is required"},
			{jobs.TombstoneGC{Policy: "Runs!"}, "policy"},
			{jobs.CreateRun{RunHash: "a b"}, "run_hash"},
			{jobs.LogMetric{RunHash: "a", Name: "loss", Step: -1}, "step"},
			{jobs.LogMetric{RunHash: "a", Step: 1}, "name"},
			{jobs.SetTag{RunHash: "a", Tag: " "}, "tag"},
			{jobs.SetAttribute{RunHash: "a"}, "key"},
			{jobs.AddToExperiment{RunHash: "a"}, "experiment"},
			{jobs.PutRunBlob{RunHash: "a", Name: "../x", DataBase64: ""}, "segments"},
			{jobs.PutRunBlob{RunHash: "a", Name: "x", DataBase64: "%%%"}, "data_base64"},
			{jobs.PutRunBlob{RunHash: "a", Name: "/x"}, "relative"},
		} {
			err := c.args.Validate()
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("%T %+v: err = %v, want it to mention %q", c.args, c.args, err, c.want)
			}
		}
	})
}

func byKind(kind string) validator {
	for _, v := range allArgs() {
		if v.Kind() == kind {
			return v
		}
	}
	return nil
}
