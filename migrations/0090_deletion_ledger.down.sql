DROP TABLE IF EXISTS lethe_ledger_state;
DROP TABLE IF EXISTS lethe_ledger_outbox;
