package bench

import (
	"context"
	"errors"
	"os"
	"path/filepath"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/internal/versitygw"
)

// expireStartVersitygw starts a private versitygw (posix backend in a
// temporary directory, loopback port) and returns a store over a fresh
// bucket on it, a second client of the bucket that sends one DeleteObjects
// request at a time (the direct baseline), and a function that stops the
// server and removes its data. bin defaults to $LETHE_VERSITYGW, then ./bin/versitygw, then PATH.
func expireStartVersitygw(ctx context.Context, bin string) (store, oneAtATime *blob.S3, stop func(), err error) {
	if bin == "" {
		var ok bool
		if bin, ok = versitygw.Find("bin"); !ok {
			return nil, nil, nil, errors.New("versitygw not found: set LETHE_VERSITYGW, run `go tool task tools:versitygw`, or pass --no-s3")
		}
	}
	dir, err := os.MkdirTemp("", "lethe-bench-versitygw-")
	if err != nil {
		return nil, nil, nil, err
	}
	root := filepath.Join(dir, "root")
	if err := os.MkdirAll(root, 0o755); err != nil {
		os.RemoveAll(dir)
		return nil, nil, nil, err
	}
	srv, err := versitygw.Start(bin, root, filepath.Join(dir, "versitygw.log"))
	if err != nil {
		os.RemoveAll(dir)
		return nil, nil, nil, err
	}
	stop = func() {
		srv.Stop()
		os.RemoveAll(dir)
	}
	opts := blob.S3Options{
		Endpoint: srv.Endpoint, Region: "us-east-1", Bucket: "lethe-bench", PathStyle: true,
		AccessKeyID: versitygw.AccessKey, SecretAccessKey: versitygw.SecretKey, CreateBucket: true,
	}
	if store, err = blob.NewS3(ctx, opts); err == nil {
		opts.CreateBucket, opts.DeleteConcurrency = false, 1
		oneAtATime, err = blob.NewS3(ctx, opts)
	}
	if err != nil {
		stop()
		return nil, nil, nil, err
	}
	return store, oneAtATime, stop, nil
}
