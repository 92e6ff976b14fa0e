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
	opts, stop, err := startVersitygw(bin)
	if err != nil {
		return nil, nil, nil, err
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

// startVersitygw starts a private versitygw and returns the options of a
// store over a bucket on it (created by the first NewS3), and a function
// that stops the server and removes its data.
func startVersitygw(bin string) (blob.S3Options, func(), error) {
	if bin == "" {
		var ok bool
		if bin, ok = versitygw.Find("bin"); !ok {
			return blob.S3Options{}, nil, errors.New("versitygw not found: set LETHE_VERSITYGW, run `go tool task tools:versitygw`, or pass --no-s3")
		}
	}
	dir, err := os.MkdirTemp("", "lethe-bench-versitygw-")
	if err != nil {
		return blob.S3Options{}, nil, err
	}
	root := filepath.Join(dir, "root")
	if err := os.MkdirAll(root, 0o755); err != nil {
		os.RemoveAll(dir)
		return blob.S3Options{}, nil, err
	}
	srv, err := versitygw.Start(bin, root, filepath.Join(dir, "versitygw.log"))
	if err != nil {
		os.RemoveAll(dir)
		return blob.S3Options{}, nil, err
	}
	stop := func() {
		srv.Stop()
		os.RemoveAll(dir)
	}
	return blob.S3Options{
		Endpoint: srv.Endpoint, Region: "us-east-1", Bucket: "lethe-bench", PathStyle: true,
		AccessKeyID: versitygw.AccessKey, SecretAccessKey: versitygw.SecretKey, CreateBucket: true,
	}, stop, nil
}
