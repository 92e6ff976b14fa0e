-- name: ClockTimestamp :one
SELECT clock_timestamp()::timestamptz AS now;
