package main

import (
	"context"
	"errors"
)

// benchExpire measures status-claimed expiry (issue 3).
func benchExpire(ctx context.Context, c *cli, args []string) error {
	return errors.New("not implemented yet")
}
