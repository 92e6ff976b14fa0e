package dbsqlc

// The text of queries that package db pipelines in a pgx.Batch together with
// another statement, which sqlc's generated methods cannot do.
const (
	TombstoneLockSharedSQL          = tombstoneLockShared
	TombstoneLockExclusiveSQL       = tombstoneLockExclusive
	TombstoneLockSessionSQL         = tombstoneLockSession
	TombstoneUnlockSessionSQL       = tombstoneUnlockSession
	TombstoneLockSessionSharedSQL   = tombstoneLockSessionShared
	TombstoneUnlockSessionSharedSQL = tombstoneUnlockSessionShared
	TombstoneExistsSQL              = tombstoneExists
	AuditInsertSQL                  = auditInsert
)
