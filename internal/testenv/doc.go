// Package testenv gives tests real parts: a fresh PostgreSQL database per test and a fresh bucket on a real S3-compatible server (versitygw).
package testenv
