package metrics_test

import (
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lethehq/lethe/internal/metrics"
)

// lethesKinds reads every Kind… constant of package jobs from its source,
// so a kind added there and forgotten in KindLabel fails this test.
func lethesKinds(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("..", "..", "jobs", "*.go"))
	if err != nil {
		t.Fatal(err)
	}
	var kinds []string
	fset := token.NewFileSet()
	for _, path := range files {
		if strings.HasSuffix(path, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, path, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		for _, decl := range f.Decls {
			gen, ok := decl.(*ast.GenDecl)
			if !ok || gen.Tok != token.CONST {
				continue
			}
			for _, spec := range gen.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, name := range vs.Names {
					lit, ok := vs.Values[i].(*ast.BasicLit)
					if !strings.HasPrefix(name.Name, "Kind") || !ok || lit.Kind != token.STRING {
						continue
					}
					kind, _ := strconv.Unquote(lit.Value)
					kinds = append(kinds, kind)
				}
			}
		}
	}
	if len(kinds) < 10 {
		t.Fatalf("found only %d job kinds in package jobs: %q", len(kinds), kinds)
	}
	return kinds
}

func TestJobOutcomeLabels(t *testing.T) {
	t.Parallel()

	t.Run("LethesKindsAreTheirOwnLabel", func(t *testing.T) {
		t.Parallel()
		for _, kind := range lethesKinds(t) {
			if got := metrics.KindLabel(kind); got != kind {
				t.Errorf("KindLabel(%q) = %q: Lethe's own kind must keep its name on /metrics", kind, got)
			}
		}
	})

	t.Run("OtherKindsShareOneSeries", func(t *testing.T) {
		t.Parallel()
		m := metrics.New()
		kinds := lethesKinds(t)
		for _, kind := range kinds {
			m.JobOutcomes.WithLabelValues(kind, "job_completed").Inc()
		}
		// Kinds another service (or an attacker with database access) put
		// in the queue: each distinct one would be a new series.
		for i := range 500 {
			m.JobOutcomes.WithLabelValues(fmt.Sprintf("evil.kind_%d", i), "job_failed").Inc()
		}
		m.JobOutcomes.WithLabelValues("lethe.not_a_kind", "job_failed").Inc()
		m.JobOutcomes.WithLabelValues("", "job_failed").Inc()

		families, err := m.Registry.Gather()
		if err != nil {
			t.Fatal(err)
		}
		var series int
		var otherCount float64
		for _, mf := range families {
			if mf.GetName() != "lethe_river_jobs_total" {
				continue
			}
			series = len(mf.GetMetric())
			for _, metric := range mf.GetMetric() {
				for _, l := range metric.GetLabel() {
					if l.GetName() == "kind" && l.GetValue() == metrics.OtherLabel {
						otherCount += metric.GetCounter().GetValue()
					}
				}
			}
		}
		if series != len(kinds)+1 {
			t.Errorf("lethe_river_jobs_total has %d series, want %d (Lethe's kinds and one for the rest)", series, len(kinds)+1)
		}
		if otherCount != 502 {
			t.Errorf("%s counted %v jobs, want all 502 of kinds not Lethe's", metrics.OtherLabel, otherCount)
		}
	})
}
