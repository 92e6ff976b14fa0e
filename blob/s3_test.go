package blob_test

import (
	"context"
	"net"
	"os"
	"path/filepath"
	"testing"

	"github.com/aws/aws-sdk-go-v2/aws"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/stretchr/testify/require"

	"github.com/lethehq/lethe/blob"
	"github.com/lethehq/lethe/internal/testenv"
)

// The behaviour shared with Local is in TestStores; these are S3's own.
func TestS3(t *testing.T) {
	t.Parallel()

	ctx := context.Background()

	type testBundle struct {
		opts blob.S3Options
	}

	setup := func(t *testing.T) (*blob.S3, *testBundle) {
		t.Helper()

		opts := testenv.S3(t)
		store, err := blob.NewS3(ctx, opts)
		require.NoError(t, err)
		return store, &testBundle{opts: opts}
	}

	t.Run("Name", func(t *testing.T) {
		t.Parallel()

		store, bundle := setup(t)
		require.Equal(t, "s3://"+bundle.opts.Bucket, store.Name())
	})

	t.Run("OptionsNameTheBadField", func(t *testing.T) {
		t.Parallel()

		valid := blob.S3Options{Endpoint: "http://127.0.0.1:7070", Bucket: "b", AccessKeyID: "a", SecretAccessKey: "s"}
		tests := []struct {
			name    string
			change  func(*blob.S3Options)
			wantErr string
		}{
			{"MissingBucket", func(o *blob.S3Options) { o.Bucket = "" }, "blob: s3 bucket is required"},
			{"BucketPath", func(o *blob.S3Options) { o.Bucket = "b/pastes" }, `blob: s3 bucket "b/pastes": must be a bucket name, not a path`},
			{"EndpointNoScheme", func(o *blob.S3Options) { o.Endpoint = "127.0.0.1:7070" }, `blob: s3 endpoint "127.0.0.1:7070": must be an http:// or https:// URL`},
			{"EndpointBadScheme", func(o *blob.S3Options) { o.Endpoint = "ftp://host" }, `blob: s3 endpoint "ftp://host": must be an http:// or https:// URL`},
			{"SecretWithoutKeyID", func(o *blob.S3Options) { o.AccessKeyID = "" }, "blob: s3 access key id is required with a secret access key or session token"},
			{"KeyIDWithoutSecret", func(o *blob.S3Options) { o.SecretAccessKey = "" }, "blob: s3 secret access key is required with an access key id"},
		}
		for _, tt := range tests {
			t.Run(tt.name, func(t *testing.T) {
				t.Parallel()

				opts := valid
				tt.change(&opts)
				_, err := blob.NewS3(ctx, opts)
				require.EqualError(t, err, tt.wantErr)
			})
		}

		_, err := blob.NewS3(ctx, valid)
		require.NoError(t, err)
	})

	t.Run("CreateBucketIsIdempotent", func(t *testing.T) {
		t.Parallel()

		store, bundle := setup(t)
		require.NoError(t, store.Put(ctx, "kept", []byte("x")))

		opts := bundle.opts
		opts.CreateBucket = true
		again, err := blob.NewS3(ctx, opts)
		require.NoError(t, err)

		exists, err := again.Exists(ctx, "kept")
		require.NoError(t, err)
		require.True(t, exists)
	})

	t.Run("MissingBucket", func(t *testing.T) {
		t.Parallel()

		_, bundle := setup(t)
		opts := bundle.opts
		opts.Bucket += "-missing"
		store, err := blob.NewS3(ctx, opts)
		require.NoError(t, err)

		err = store.Put(ctx, "a", []byte("x"))
		require.ErrorContains(t, err, `blob: put "a" to s3://`+opts.Bucket)
		require.ErrorContains(t, err, "NoSuchBucket")

		_, err = store.Get(ctx, "a")
		require.ErrorContains(t, err, "NoSuchBucket")
		require.NotErrorIs(t, err, blob.ErrNotFound, "a missing bucket is not a missing key")

		_, err = store.Delete(ctx, []string{"a"})
		require.ErrorContains(t, err, "NoSuchBucket")

		err = store.List(ctx, "", func([]string) error { return nil })
		require.ErrorContains(t, err, "NoSuchBucket")

		_, err = store.DeletePrefix(ctx, "")
		require.ErrorContains(t, err, "NoSuchBucket")
	})

	t.Run("WrongCredentials", func(t *testing.T) {
		t.Parallel()

		_, bundle := setup(t)
		if bundle.opts.AccessKeyID == "" {
			t.Skip("server uses default credentials")
		}
		opts := bundle.opts
		opts.SecretAccessKey = "wrong-" + opts.SecretAccessKey
		store, err := blob.NewS3(ctx, opts)
		require.NoError(t, err)

		err = store.Put(ctx, "a", []byte("x"))
		require.ErrorContains(t, err, "SignatureDoesNotMatch")
	})

	t.Run("DeleteReturnsPerKeyErrors", func(t *testing.T) {
		t.Parallel()

		// An object under a legal hold cannot be deleted: DeleteObjects
		// succeeds as a request but reports that key as failed in its
		// body, and that must not pass for a deletion.
		plain, bundle := setup(t)
		store := lockedBucket(ctx, t, plain, bundle.opts)
		putKeys(ctx, t, store, []string{"d/x", "e", "held"})
		_, err := store.Client().PutObjectLegalHold(ctx, &s3.PutObjectLegalHoldInput{
			Bucket:    aws.String(store.Bucket()),
			Key:       aws.String("held"),
			LegalHold: &types.ObjectLockLegalHold{Status: types.ObjectLockLegalHoldStatusOn},
		})
		require.NoError(t, err)
		t.Cleanup(func() {
			_, err := store.Client().PutObjectLegalHold(context.Background(), &s3.PutObjectLegalHoldInput{
				Bucket:    aws.String(store.Bucket()),
				Key:       aws.String("held"),
				LegalHold: &types.ObjectLockLegalHold{Status: types.ObjectLockLegalHoldStatusOff},
			})
			require.NoError(t, err)
		})

		_, err = store.Delete(ctx, []string{"e", "held", "missing"})
		var deleteErr *blob.DeleteError
		require.ErrorAs(t, err, &deleteErr)
		require.Equal(t, "held", deleteErr.Key)
		require.Equal(t, "AccessDenied", deleteErr.Code)
		require.ErrorContains(t, err, `blob: delete 3 keys from `+store.Name()+`: key "held": AccessDenied`)

		require.Equal(t, []string{"d/x", "held"}, listAll(ctx, t, store, ""))
	})

	t.Run("ServerDown", func(t *testing.T) {
		t.Parallel()

		// A port that was free a moment ago: nothing listens there.
		l, err := net.Listen("tcp", "127.0.0.1:0")
		require.NoError(t, err)
		addr := l.Addr().String()
		require.NoError(t, l.Close())

		store, err := blob.NewS3(ctx, blob.S3Options{
			Endpoint:        "http://" + addr,
			Bucket:          "b",
			PathStyle:       true,
			AccessKeyID:     "a",
			SecretAccessKey: "s",
		})
		require.NoError(t, err)

		_, err = store.Delete(ctx, []string{"a"})
		require.ErrorContains(t, err, `blob: delete 1 keys from s3://b`)
		require.ErrorContains(t, err, "connection refused")

		_, err = blob.NewS3(ctx, blob.S3Options{
			Endpoint:        "http://" + addr,
			Bucket:          "b",
			AccessKeyID:     "a",
			SecretAccessKey: "s",
			CreateBucket:    true,
		})
		require.ErrorContains(t, err, "blob: create bucket s3://b")
		require.ErrorContains(t, err, "connection refused")
	})
}

// TestS3RefusesTraversalKeys proves that no key with a ".." element, or
// otherwise unclean, reaches versitygw's posix backend, which would resolve
// it against its filesystem: neither a file beside the server's root, nor
// another bucket's object, nor another object of the same bucket changes.
func TestS3RefusesTraversalKeys(t *testing.T) {
	t.Parallel()

	ctx := context.Background()
	root := testenv.S3Root(t)
	store := testenv.S3Store(t)
	neighbour := testenv.S3Store(t)

	// A file outside every bucket: <root>/../outside-<bucket>/victim.
	outsideDir := filepath.Join(filepath.Dir(root), "outside-"+store.Bucket())
	require.NoError(t, os.MkdirAll(outsideDir, 0o755))
	t.Cleanup(func() { _ = os.RemoveAll(outsideDir) })
	outside := filepath.Join(outsideDir, "victim")
	require.NoError(t, os.WriteFile(outside, []byte("outside"), 0o644))

	require.NoError(t, neighbour.Put(ctx, "run2/ckpt", []byte("neighbour")))
	require.NoError(t, store.Put(ctx, "run1/ckpt", []byte("run1")))

	keys := []string{
		"../../outside-" + store.Bucket() + "/victim",
		"../" + neighbour.Bucket() + "/run2/ckpt",
		"zz/../run1/ckpt",
		"run1/./ckpt",
		`run1\ckpt`,
	}
	for _, key := range keys {
		require.ErrorIs(t, store.Put(ctx, key, []byte("overwritten")), blob.ErrInvalidKey, key)
		_, err := store.Get(ctx, key)
		require.ErrorIs(t, err, blob.ErrInvalidKey, key)
		_, err = store.Exists(ctx, key)
		require.ErrorIs(t, err, blob.ErrInvalidKey, key)
		n, err := store.Delete(ctx, []string{"run1/other", key})
		require.ErrorIs(t, err, blob.ErrInvalidKey, key)
		require.Zero(t, n)
	}
	_, err := store.DeletePrefix(ctx, "zz/../")
	require.ErrorIs(t, err, blob.ErrInvalidKey)

	data, err := os.ReadFile(outside)
	require.NoError(t, err, "the file beside the server's root is gone")
	require.Equal(t, "outside", string(data))
	data, err = neighbour.Get(ctx, "run2/ckpt")
	require.NoError(t, err, "the neighbouring bucket's object is gone")
	require.Equal(t, "neighbour", string(data))
	data, err = store.Get(ctx, "run1/ckpt")
	require.NoError(t, err, "another object of the bucket is gone")
	require.Equal(t, "run1", string(data))
}

// lockedBucket returns a store over a fresh bucket created with object lock
// enabled, emptied and removed when the test ends.
func lockedBucket(ctx context.Context, t *testing.T, plain *blob.S3, opts blob.S3Options) *blob.S3 {
	t.Helper()

	if os.Getenv("LETHE_TEST_S3_ENDPOINT") != "" {
		t.Skip("relies on the server supporting object lock")
	}
	opts.Bucket += "-locked"
	_, err := plain.Client().CreateBucket(ctx, &s3.CreateBucketInput{
		Bucket:                     aws.String(opts.Bucket),
		ObjectLockEnabledForBucket: aws.Bool(true),
	})
	require.NoError(t, err)
	store, err := blob.NewS3(ctx, opts)
	require.NoError(t, err)
	t.Cleanup(func() {
		ctx := context.Background()
		_, err := store.DeletePrefix(ctx, "")
		require.NoError(t, err)
		_, err = store.Client().DeleteBucket(ctx, &s3.DeleteBucketInput{Bucket: aws.String(opts.Bucket)})
		require.NoError(t, err)
	})
	return store
}
