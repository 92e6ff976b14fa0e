package service

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/lethehq/lethe/db"
)

// checkPrimary refuses a server in recovery (a hot standby): Lethe deletes,
// which a standby cannot do, and River's LISTEN fails there with "cannot
// execute LISTEN during recovery". The error names the server and database,
// so the operator sees which URL points at the wrong node.
func checkPrimary(ctx context.Context, pool *pgxpool.Pool) error {
	standby, err := db.InRecovery(ctx, pool)
	if err != nil || !standby {
		return err
	}
	cc := pool.Config().ConnConfig
	return fmt.Errorf("%s:%d (database %s) is a hot standby in recovery: Lethe deletes data and needs the primary; point database.url (or DATABASE_URL) at the primary",
		cc.Host, cc.Port, cc.Database)
}
