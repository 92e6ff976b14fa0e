-- Late-write guard for runs. Every insert into runs or a run's
-- child tables takes the run's advisory lock in shared mode and refuses the
-- row when the run is tombstoned. delete_entity takes the same lock in
-- exclusive mode before it deletes, so an insert and a deletion of one run
-- are serialised: either the insert commits first and the deletion removes
-- its row, or the deletion commits first and the insert sees the tombstone.
-- (plpgsql is VOLATILE: the EXISTS below takes a fresh snapshot after the lock
-- is granted, under READ COMMITTED.)
CREATE FUNCTION lethe_run_guard() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_advisory_xact_lock_shared(hashtext('run:' || NEW.run_hash));
    IF EXISTS (SELECT 1 FROM lethe_tombstones WHERE entity = 'run' AND key = NEW.run_hash) THEN
        RAISE EXCEPTION 'run % is deleted (tombstoned); clear its tombstone to write it again', NEW.run_hash
            USING ERRCODE = 'LT410', TABLE = TG_TABLE_NAME;
    END IF;
    RETURN NEW;
END
$$;

CREATE TRIGGER lethe_run_guard BEFORE INSERT ON runs
    FOR EACH ROW EXECUTE FUNCTION lethe_run_guard();
CREATE TRIGGER lethe_run_guard BEFORE INSERT ON run_attributes
    FOR EACH ROW EXECUTE FUNCTION lethe_run_guard();
CREATE TRIGGER lethe_run_guard BEFORE INSERT ON run_metrics
    FOR EACH ROW EXECUTE FUNCTION lethe_run_guard();
CREATE TRIGGER lethe_run_guard BEFORE INSERT ON run_tags
    FOR EACH ROW EXECUTE FUNCTION lethe_run_guard();
CREATE TRIGGER lethe_run_guard BEFORE INSERT ON run_experiments
    FOR EACH ROW EXECUTE FUNCTION lethe_run_guard();
CREATE TRIGGER lethe_run_guard BEFORE INSERT ON run_blobs
    FOR EACH ROW EXECUTE FUNCTION lethe_run_guard();

