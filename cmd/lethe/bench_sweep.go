package main

import (
	"context"
	"errors"
)

// benchSweep measures the TTL sweep (issue 4).
func benchSweep(ctx context.Context, c *cli, args []string) error {
	return errors.New("not implemented yet")
}
