-- name: ClockTimestamp :one
SELECT clock_timestamp()::timestamptz;
