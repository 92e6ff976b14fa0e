// Package servicetest runs a whole Lethe service (River workers and HTTP) in
// a test.
package servicetest

import (
	"bufio"
	"context"
	"io"
	"log/slog"
	"net"
	"net/http"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/lethehq/lethe/config"
	"github.com/lethehq/lethe/internal/service"
	"github.com/lethehq/lethe/internal/testenv"
)

// Serve opens the service cfg describes, logging nowhere, and serves it on a
// loopback port until the test ends; then it shuts the service down, failing
// the test when serving failed, and closes it. It returns the service and
// its base URL (http://127.0.0.1:port).
func Serve(t testing.TB, cfg *config.Config) (*service.Service, string) {
	t.Helper()
	return ServeLogged(t, cfg, slog.New(slog.DiscardHandler))
}

// ServeLogged is Serve with the service logging to logger.
func ServeLogged(t testing.TB, cfg *config.Config, logger *slog.Logger) (*service.Service, string) {
	t.Helper()
	svc, err := service.Open(context.Background(), cfg, logger, service.OpenOptions{})
	if err != nil {
		t.Fatalf("open service: %v", err)
	}
	t.Cleanup(func() { svc.Close(context.Background()) })
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	ctx, stop := context.WithCancel(context.Background())
	served := make(chan error, 1)
	go func() { served <- svc.Serve(ctx, ln) }()
	t.Cleanup(func() {
		stop()
		if err := <-served; err != nil {
			t.Errorf("serve: %v", err)
		}
	})
	return svc, "http://" + ln.Addr().String()
}

// Config parses yaml as Lethe's configuration with DATABASE_URL set to
// dbURL and every other environment variable unset, failing the test when
// it does not parse.
func Config(t testing.TB, yaml []byte, dbURL string) *config.Config {
	t.Helper()
	cfg, err := config.Parse(yaml, func(k string) string {
		if k == "DATABASE_URL" {
			return dbURL
		}
		return ""
	})
	if err != nil {
		t.Fatalf("parse configuration: %v", err)
	}
	return cfg
}

// DefaultConfig is the embedded default configuration (every policy kind
// and the run entity) on a fresh migrated database that holds the example
// tables, with its blobs in a temporary directory.
func DefaultConfig(t testing.TB) *config.Config {
	t.Helper()
	yaml := strings.Replace(string(config.Default), "dir: .lethe/blobs", "dir: "+filepath.Join(t.TempDir(), "blobs"), 1)
	return Config(t, []byte(yaml), testenv.MigratedURL(t))
}

// Scrape returns every sample base's /metrics serves by its series
// (`name{label="value",...}` as the text format spells it), failing the
// test unless the scrape answers 200 with samples that parse.
func Scrape(t testing.TB, base string) map[string]float64 {
	t.Helper()
	resp, err := http.Get(base + "/metrics")
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		body, _ := io.ReadAll(resp.Body)
		t.Fatalf("GET /metrics = %d: %s", resp.StatusCode, body)
	}
	samples := map[string]float64{}
	sc := bufio.NewScanner(resp.Body)
	sc.Buffer(nil, 1<<20)
	for sc.Scan() {
		line := sc.Text()
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		i := strings.LastIndexByte(line, ' ')
		v, err := strconv.ParseFloat(line[i+1:], 64)
		if err != nil {
			t.Fatalf("/metrics line %q: %v", line, err)
		}
		samples[line[:i]] = v
	}
	if err := sc.Err(); err != nil {
		t.Fatal(err)
	}
	return samples
}

// Request sends method to url with body (as JSON, when not empty) and, when
// token is not empty, token as the bearer token. It returns the answer's
// status and body.
func Request(t testing.TB, method, url, token, body string) (int, string) {
	t.Helper()
	req, err := http.NewRequestWithContext(t.Context(), method, url, strings.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	if body != "" {
		req.Header.Set("Content-Type", "application/json")
	}
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	answer, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read the answer to %s %s: %v", method, url, err)
	}
	return resp.StatusCode, string(answer)
}
