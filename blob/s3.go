package blob

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"sync/atomic"

	"github.com/aws/aws-sdk-go-v2/aws"
	awshttp "github.com/aws/aws-sdk-go-v2/aws/transport/http"
	"github.com/aws/aws-sdk-go-v2/config"
	"github.com/aws/aws-sdk-go-v2/credentials"
	"github.com/aws/aws-sdk-go-v2/service/s3"
	"github.com/aws/aws-sdk-go-v2/service/s3/types"
	"github.com/aws/smithy-go"
	smithyhttp "github.com/aws/smithy-go/transport/http"
	"golang.org/x/sync/errgroup"
)

// defaultRegion is used when neither S3Options nor the environment name one.
// S3-compatible servers mostly ignore the region but requests must be signed
// for some region.
const defaultRegion = "us-east-1"

// S3Options configures an S3 store. Only Bucket is required; the zero value of
// every other field means "AWS defaults".
type S3Options struct {
	// Endpoint is the server's base URL, e.g. "http://127.0.0.1:7070" for an
	// S3-compatible server. Empty means AWS S3.
	Endpoint string

	// Region signs requests. Empty means the region from the AWS environment
	// (AWS_REGION, shared config), else us-east-1.
	Region string

	// Bucket holds the objects. Required.
	Bucket string

	// PathStyle addresses the bucket in the URL path ("host/bucket/key")
	// instead of the host name ("bucket.host/key"). Most S3-compatible servers
	// need it.
	PathStyle bool

	// AccessKeyID, SecretAccessKey and SessionToken are static credentials.
	// When AccessKeyID is empty, credentials come from the AWS default chain
	// (environment, shared config, instance role, …).
	AccessKeyID     string
	SecretAccessKey string
	SessionToken    string

	// CreateBucket makes NewS3 create Bucket if it does not exist yet.
	CreateBucket bool

	// DeleteConcurrency is how many DeleteObjects requests one Delete call
	// has in flight at once (DefaultDeleteConcurrency when 0).
	DeleteConcurrency int
}

func (o *S3Options) validate() error {
	if o.Bucket == "" {
		return errors.New("blob: s3 bucket is required")
	}
	if strings.Contains(o.Bucket, "/") {
		return fmt.Errorf("blob: s3 bucket %q: must be a bucket name, not a path", o.Bucket)
	}
	if o.Endpoint != "" {
		u, err := url.Parse(o.Endpoint)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
			return fmt.Errorf("blob: s3 endpoint %q: must be an http:// or https:// URL", o.Endpoint)
		}
	}
	if o.AccessKeyID != "" && o.SecretAccessKey == "" {
		return errors.New("blob: s3 secret access key is required with an access key id")
	}
	if o.AccessKeyID == "" && (o.SecretAccessKey != "" || o.SessionToken != "") {
		return errors.New("blob: s3 access key id is required with a secret access key or session token")
	}
	return nil
}

// S3 is a Store over one bucket of an S3-compatible server.
type S3 struct {
	bucket            string
	client            *s3.Client
	deleteConcurrency int
}

var _ Store = (*S3)(nil)

// NewS3 returns a store for opts.Bucket, creating the bucket first when
// opts.CreateBucket is set. Apart from creating the bucket it sends no
// request: an unreachable server or a missing bucket shows up on first use.
func NewS3(ctx context.Context, opts S3Options) (*S3, error) {
	if err := opts.validate(); err != nil {
		return nil, err
	}

	var loadOpts []func(*config.LoadOptions) error
	if opts.Region != "" {
		loadOpts = append(loadOpts, config.WithRegion(opts.Region))
	}
	if opts.AccessKeyID != "" {
		loadOpts = append(loadOpts, config.WithCredentialsProvider(credentials.NewStaticCredentialsProvider(
			opts.AccessKeyID, opts.SecretAccessKey, opts.SessionToken)))
	}
	cfg, err := config.LoadDefaultConfig(ctx, loadOpts...)
	if err != nil {
		return nil, fmt.Errorf("blob: load aws config: %w", err)
	}
	cfg.Region = cmp.Or(cfg.Region, defaultRegion)

	client := s3.NewFromConfig(cfg, func(o *s3.Options) {
		if opts.Endpoint != "" {
			o.BaseEndpoint = aws.String(opts.Endpoint)
		}
		o.UsePathStyle = opts.PathStyle
		// Delete keeps DeleteConcurrency requests in flight per call, and
		// several batches delete at once: keep their connections for
		// reuse instead of the SDK's 10 idle ones per host.
		o.HTTPClient = awshttp.NewBuildableClient().WithTransportOptions(func(tr *http.Transport) {
			tr.MaxIdleConnsPerHost = max(tr.MaxIdleConnsPerHost, 64)
			tr.MaxIdleConns = max(tr.MaxIdleConns, 64)
		})
		// Since early 2025 the SDK adds CRC32 checksums to every upload, which
		// several S3-compatible servers reject; only send them where S3
		// requires one (DeleteObjects).
		o.RequestChecksumCalculation = aws.RequestChecksumCalculationWhenRequired
		o.ResponseChecksumValidation = aws.ResponseChecksumValidationWhenRequired
	})

	store := &S3{bucket: opts.Bucket, client: client, deleteConcurrency: cmp.Or(max(opts.DeleteConcurrency, 0), DefaultDeleteConcurrency)}
	if opts.CreateBucket {
		if err := store.createBucket(ctx, cfg.Region); err != nil {
			return nil, err
		}
	}
	return store, nil
}

func (s *S3) createBucket(ctx context.Context, region string) error {
	input := &s3.CreateBucketInput{Bucket: aws.String(s.bucket)}
	if region != defaultRegion {
		// AWS rejects an explicit us-east-1 constraint and requires one
		// everywhere else.
		input.CreateBucketConfiguration = &types.CreateBucketConfiguration{
			LocationConstraint: types.BucketLocationConstraint(region),
		}
	}
	_, err := s.client.CreateBucket(ctx, input)
	if errorCode(err) == "BucketAlreadyOwnedByYou" {
		return nil
	}
	if err != nil {
		return fmt.Errorf("blob: create bucket %s: %w", s.Name(), err)
	}
	return nil
}

// Client returns the underlying S3 client, for operations Store does not
// cover such as removing the bucket.
func (s *S3) Client() *s3.Client { return s.client }

// Bucket returns the name of the store's bucket.
func (s *S3) Bucket() string { return s.bucket }

// Name returns "s3://" followed by the bucket name.
func (s *S3) Name() string { return "s3://" + s.bucket }

// Put writes data under key, replacing any existing object.
func (s *S3) Put(ctx context.Context, key string, data []byte) error {
	if err := CheckKey(key); err != nil {
		return err
	}
	_, err := s.client.PutObject(ctx, &s3.PutObjectInput{
		Bucket:        aws.String(s.bucket),
		Key:           aws.String(key),
		Body:          bytes.NewReader(data),
		ContentLength: aws.Int64(int64(len(data))),
	})
	if err != nil {
		return fmt.Errorf("blob: put %q to %s: %w", key, s.Name(), err)
	}
	return nil
}

// Get reads the object under key, returning an error wrapping ErrNotFound when
// there is none.
func (s *S3) Get(ctx context.Context, key string) ([]byte, error) {
	if err := CheckKey(key); err != nil {
		return nil, err
	}
	out, err := s.client.GetObject(ctx, &s3.GetObjectInput{
		Bucket: aws.String(s.bucket),
		Key:    aws.String(key),
	})
	if errorCode(err) == "NoSuchKey" {
		return nil, fmt.Errorf("blob: get %q from %s: %w", key, s.Name(), ErrNotFound)
	}
	if err != nil {
		return nil, fmt.Errorf("blob: get %q from %s: %w", key, s.Name(), err)
	}
	defer out.Body.Close()

	data, err := io.ReadAll(out.Body)
	if err != nil {
		return nil, fmt.Errorf("blob: read %q from %s: %w", key, s.Name(), err)
	}
	return data, nil
}

// Exists reports whether an object exists under key.
//
// Responses to HEAD requests carry no error body, so a missing bucket looks
// like a missing key: Exists then returns false rather than an error.
func (s *S3) Exists(ctx context.Context, key string) (bool, error) {
	if err := CheckKey(key); err != nil {
		return false, err
	}
	_, err := s.client.HeadObject(ctx, &s3.HeadObjectInput{
		Bucket: aws.String(s.bucket),
		Key:    aws.String(key),
	})
	if httpStatus(err) == http.StatusNotFound {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("blob: head %q in %s: %w", key, s.Name(), err)
	}
	return true, nil
}

// Delete removes keys with DeleteObjects requests of at most MaxDeleteBatch
// keys, up to DeleteConcurrency of them in flight: a batch of 1,000 keys
// goes as several smaller requests at once rather than one that the server
// works through key by key. Requests hold at least minDeleteRequest keys.
// A key that does not exist counts as deleted. When the server refuses some
// keys of a request, the error names the first of them and its error code,
// and the count excludes that whole request.
func (s *S3) Delete(ctx context.Context, keys []string) (int, error) {
	// Every key is checked before the first request, so an invalid key
	// fails the call without deleting anything.
	for _, key := range keys {
		if err := CheckKey(key); err != nil {
			return 0, err
		}
	}
	size := min(MaxDeleteBatch, max(minDeleteRequest, (len(keys)+s.deleteConcurrency-1)/max(s.deleteConcurrency, 1)))
	var deleted atomic.Int64
	g, gctx := errgroup.WithContext(ctx)
	g.SetLimit(s.deleteConcurrency)
	for start := 0; start < len(keys); start += size {
		batch := keys[start:min(start+size, len(keys))]
		if gctx.Err() != nil {
			break // a request failed: start no more
		}
		g.Go(func() error {
			if err := s.deleteBatch(gctx, batch); err != nil {
				return err
			}
			deleted.Add(int64(len(batch)))
			return nil
		})
	}
	err := g.Wait()
	if n := int(deleted.Load()); err == nil && n < len(keys) {
		// No request failed: the context ended before the rest started.
		err = fmt.Errorf("blob: delete %d keys from %s: %w", len(keys)-n, s.Name(), context.Cause(ctx))
	}
	return int(deleted.Load()), err
}

// minDeleteRequest is the fewest keys Delete puts in one request when it
// splits a call among concurrent requests: below that, a request's round
// trip costs more than the keys it deletes.
const minDeleteRequest = 100

func (s *S3) deleteBatch(ctx context.Context, keys []string) error {
	objects := make([]types.ObjectIdentifier, len(keys))
	for i, key := range keys {
		objects[i] = types.ObjectIdentifier{Key: aws.String(key)}
	}
	out, err := s.client.DeleteObjects(ctx, &s3.DeleteObjectsInput{
		Bucket: aws.String(s.bucket),
		Delete: &types.Delete{
			Objects: objects,
			// Only failures are listed in the response, which keeps it small.
			Quiet: aws.Bool(true),
		},
	})
	if err != nil {
		return fmt.Errorf("blob: delete %d keys from %s: %w", len(keys), s.Name(), err)
	}

	var first *types.Error
	failed := 0
	for i := range out.Errors {
		e := &out.Errors[i]
		if aws.ToString(e.Code) == "NoSuchKey" {
			continue // already gone is what we wanted
		}
		if first == nil {
			first = e
		}
		failed++
	}
	if first == nil {
		return nil
	}
	err = &DeleteError{Key: aws.ToString(first.Key), Code: aws.ToString(first.Code), Message: aws.ToString(first.Message)}
	if failed > 1 {
		return fmt.Errorf("blob: delete %d keys from %s: %w (and %d more keys failed)", len(keys), s.Name(), err, failed-1)
	}
	return fmt.Errorf("blob: delete %d keys from %s: %w", len(keys), s.Name(), err)
}

// DeleteError is a key that a DeleteObjects request failed to delete, as
// reported in the response body.
type DeleteError struct {
	Key     string
	Code    string // S3 error code, e.g. "AccessDenied"
	Message string
}

func (e *DeleteError) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("key %q: %s", e.Key, e.Code)
	}
	return fmt.Sprintf("key %q: %s: %s", e.Key, e.Code, e.Message)
}

// List calls fn with every key under prefix, one ListObjectsV2 page (up to
// 1000 keys) at a time, in lexicographic order. It never calls fn with an
// empty page. Keys that CheckKey refuses (written by another client, such
// as "a/../b") are left out: no call of this store could address them.
func (s *S3) List(ctx context.Context, prefix string, fn func(keys []string) error) error {
	if err := CheckPrefix(prefix); err != nil {
		return err
	}
	pages := s3.NewListObjectsV2Paginator(s.client, &s3.ListObjectsV2Input{
		Bucket: aws.String(s.bucket),
		Prefix: aws.String(prefix),
	})
	for pages.HasMorePages() {
		page, err := pages.NextPage(ctx)
		if err != nil {
			return fmt.Errorf("blob: list %q in %s: %w", prefix, s.Name(), err)
		}
		keys := make([]string, 0, len(page.Contents))
		for _, object := range page.Contents {
			if key := aws.ToString(object.Key); CheckKey(key) == nil {
				keys = append(keys, key)
			}
		}
		if len(keys) == 0 {
			continue
		}
		if err := fn(keys); err != nil {
			return err
		}
	}
	return nil
}

// DeletePrefix removes every object under prefix, deleting each listed page
// with one DeleteObjects request, and returns how many objects it deleted.
func (s *S3) DeletePrefix(ctx context.Context, prefix string) (int, error) {
	return deletePrefix(ctx, s, prefix)
}

// errorCode returns the S3 error code of err ("NoSuchKey", …), or "" when err
// is nil or not an S3 API error.
func errorCode(err error) string {
	var apiErr smithy.APIError
	if errors.As(err, &apiErr) {
		return apiErr.ErrorCode()
	}
	return ""
}

// httpStatus returns the HTTP status of the response that caused err, or 0.
func httpStatus(err error) int {
	var respErr *smithyhttp.ResponseError
	if errors.As(err, &respErr) {
		return respErr.HTTPStatusCode()
	}
	return 0
}
