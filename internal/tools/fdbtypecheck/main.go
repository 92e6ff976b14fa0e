// Command fdbtypecheck type-checks a package under the foundationdb build tag
// on a machine without FoundationDB's C client: it fakes `import "C"` (so the
// bindings' cgo code is not compiled) and checks every Go identifier, so a
// wrong call into the bindings' API is caught. It must run in GOPATH mode
// over a vendored copy of the module, where go/build can open files itself:
//
//	tmp=$(mktemp -d); mkdir -p $tmp/src/github.com/lethehq
//	cp -r . $tmp/src/github.com/lethehq/lethe && cd $tmp/src/github.com/lethehq/lethe
//	go mod vendor && cd tombstone
//	GOPATH=$tmp GO111MODULE=off GOFLAGS= go run ../internal/tools/fdbtypecheck .       # package files
//	GOPATH=$tmp GO111MODULE=off GOFLAGS= go run ../internal/tools/fdbtypecheck -x .    # external tests
//
// It exits 1 when there are type errors.
package main

import (
	"flag"
	"fmt"
	"go/ast"
	"go/build"
	"go/importer"
	"go/parser"
	"go/token"
	"go/types"
	"io"
	"os"
	"path/filepath"
)

func main() {
	xtest := flag.Bool("x", false, "check the external test package (package foo_test)")
	flag.Parse()
	dir, err := filepath.Abs(flag.Arg(0))
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	build.Default.BuildTags = []string{"foundationdb"}
	// With OpenFile set, the source importer fakes import "C" instead of
	// running cgo.
	build.Default.OpenFile = func(p string) (io.ReadCloser, error) { return os.Open(p) }
	fset := token.NewFileSet()
	bp, err := build.Default.ImportDir(dir, 0)
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(2)
	}
	names, path := bp.GoFiles, bp.ImportPath
	if *xtest {
		names, path = bp.XTestGoFiles, bp.ImportPath+"_test"
	}
	var files []*ast.File
	for _, n := range names {
		f, err := parser.ParseFile(fset, filepath.Join(dir, n), nil, 0)
		if err != nil {
			fmt.Fprintln(os.Stderr, err)
			os.Exit(1)
		}
		files = append(files, f)
	}
	errs := 0
	conf := types.Config{
		Importer:    importer.ForCompiler(fset, "source", nil),
		FakeImportC: true,
		Error:       func(err error) { errs++; fmt.Fprintln(os.Stderr, err) },
	}
	conf.Check(path, fset, files, nil) //nolint:errcheck // errors are counted above
	fmt.Printf("%s: %d files %v, %d type errors\n", path, len(names), names, errs)
	if errs > 0 {
		os.Exit(1)
	}
}
