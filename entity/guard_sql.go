package entity

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
)

// Late-write guards. Every table of a declared entity carries a trigger that
// runs before each insert, and before each update of the columns that tie a
// row to its entity. It works out which entities the row belongs to (the key
// itself for the root and for tables that hold it, through the parent rows
// for deeper tables), takes each entity's advisory lock in shared mode and
// refuses the row with SQLStateTombstoned when the entity has a tombstone.
// Deletion takes the same lock exclusively (db.LockExclusive), so a write
// and a deletion of one entity serialise: either the write commits first and
// the deletion removes its row, or the deletion commits first and the write
// sees the tombstone. (plpgsql is VOLATILE: the tombstone check takes a fresh
// snapshot after the lock is granted, under READ COMMITTED.)
//
// Each guard's function carries a comment with a hash of its definition, so
// the installed guards can be compared with the configured ones.

// SQLStateTombstoned is the SQLSTATE with which a guard refuses a write
// for a tombstoned entity.
const SQLStateTombstoned = "LT410"

// guardPrefix starts the name of every guard trigger and function.
const guardPrefix = "lethe_guard_"

// Guard is the late-write guard of one table of an entity.
type Guard struct {
	Entity string
	Table  string
	// Trigger is the trigger's name on Table, Function its function's.
	Trigger  string
	Function string
	// Version is a hash of the guard's definition.
	Version string

	qualifiedTable    string
	qualifiedFunction string
	createFunction    string
	createTrigger     string
}

// Guards returns the guard of each of the entity's tables. tombstones is
// the schema of lethe_tombstones.
func (g *EntityGraph) Guards(tombstones string) []Guard {
	guards := make([]Guard, 0, len(g.order))
	for _, table := range g.order {
		guards = append(guards, g.guard(table, tombstones))
	}
	return guards
}

func (g *EntityGraph) guard(table, tombstones string) Guard {
	gd := Guard{Entity: g.Name, Table: table, Trigger: guardPrefix + g.Name, Function: guardFunctionName(g.Name, table)}
	gd.qualifiedTable, gd.qualifiedFunction = g.qualified(table, table), g.qualified(table, gd.Function)
	aliases := 0
	keys := g.rowKeys(table, "NEW", &aliases)
	entity := quoteLiteral(g.Name)
	gd.createFunction = fmt.Sprintf(`CREATE OR REPLACE FUNCTION %[1]s() RETURNS trigger
LANGUAGE plpgsql AS $lethe_guard$
DECLARE
    lethe_guard_key text;
BEGIN
    FOR lethe_guard_key IN
        SELECT DISTINCT guard_keys.entity_key FROM (%[2]s) AS guard_keys (entity_key)
        WHERE guard_keys.entity_key IS NOT NULL ORDER BY 1
    LOOP
        PERFORM pg_advisory_xact_lock_shared(hashtext(%[3]s || ':' || lethe_guard_key));
        IF EXISTS (SELECT 1 FROM %[4]s.lethe_tombstones ts WHERE ts.entity = %[3]s AND ts.key = lethe_guard_key) THEN
            RAISE EXCEPTION '%[5]s %% is deleted (tombstoned); clear its tombstone to write it again', lethe_guard_key
                USING ERRCODE = '%[6]s', TABLE = TG_TABLE_NAME,
                      DETAIL = 'entity=' || %[3]s || ' key=' || lethe_guard_key;
        END IF;
    END LOOP;
    RETURN NEW;
END
$lethe_guard$`, gd.qualifiedFunction, keys, entity, ident(tombstones), g.Name, SQLStateTombstoned)

	var columns []string
	if table == g.Table {
		columns = append(columns, g.KeyColumn)
	}
	for _, e := range g.edgesInto(table) {
		if !slices.Contains(columns, e.Column) {
			columns = append(columns, e.Column)
		}
	}
	quoted := make([]string, len(columns))
	for i, c := range columns {
		quoted[i] = ident(c)
	}
	gd.createTrigger = fmt.Sprintf(`CREATE TRIGGER %s BEFORE INSERT OR UPDATE OF %s ON %s FOR EACH ROW EXECUTE FUNCTION %s()`,
		ident(gd.Trigger), strings.Join(quoted, ", "), gd.qualifiedTable, gd.qualifiedFunction)
	sum := sha256.Sum256([]byte(gd.createFunction + "\n" + gd.createTrigger))
	gd.Version = hex.EncodeToString(sum[:8])
	return gd
}

// qualified names object in the schema of table.
func (g *EntityGraph) qualified(table, object string) string {
	return pgx.Identifier{g.schemas[table], object}.Sanitize()
}

// rowKeys is a query for the keys of the entities that row of table belongs
// to; row is NEW or an alias. Deeper tables reach the root through their
// parent rows, each with an alias of its own.
func (g *EntityGraph) rowKeys(table, row string, aliases *int) string {
	ref := func(column string) string {
		if row == "NEW" {
			return "NEW." + ident(column)
		}
		return ident(row) + "." + ident(column)
	}
	if table == g.Table {
		return "SELECT (" + ref(g.KeyColumn) + ")::text"
	}
	var parts []string
	for _, e := range g.edgesInto(table) {
		value := ref(e.Column)
		if g.direct(e) {
			parts = append(parts, "SELECT ("+value+")::text")
			continue
		}
		*aliases++
		alias := fmt.Sprintf("g%d", *aliases)
		t := newIdentTemplate(map[string]string{"a": alias, "refcol": e.RefColumn, "k": alias + "_keys"})
		parent := g.qualified(e.RefTable, e.RefTable)
		parts = append(parts, t.Fill(`SELECT {k}.entity_key FROM `+parent+` {a} CROSS JOIN LATERAL (`)+
			g.rowKeys(e.RefTable, alias, aliases)+t.Fill(`) AS {k} (entity_key) WHERE {a}.{refcol} = `)+value)
	}
	return strings.Join(parts, " UNION ALL ")
}

// guardFunctionName is lethe_guard_<entity>_<table>, shortened with a hash
// of the table's name when that is longer than an identifier may be.
func guardFunctionName(entity, table string) string {
	name := guardPrefix + entity + "_" + table
	if len(name) <= 63 {
		return name
	}
	sum := sha256.Sum256([]byte(table))
	return guardPrefix + entity + "_" + hex.EncodeToString(sum[:4])
}

// quoteLiteral quotes s as an SQL string literal.
func quoteLiteral(s string) string { return "'" + strings.ReplaceAll(s, "'", "''") + "'" }

// InstalledGuard is a guard trigger found in the database.
type InstalledGuard struct {
	Schema, Entity, Table, Trigger, Function, Version string
}

// InstalledGuards lists the guard triggers in the database, with the
// entity and version their function's comment names.
func InstalledGuards(ctx context.Context, exec Executor) ([]InstalledGuard, error) {
	rows, err := exec.Query(ctx, `
		SELECT n.nspname, c.relname, t.tgname, p.proname, coalesce(obj_description(p.oid, 'pg_proc'), '')
		FROM pg_trigger t
		JOIN pg_class c ON c.oid = t.tgrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace
		JOIN pg_proc p ON p.oid = t.tgfoid
		WHERE NOT t.tgisinternal AND t.tgname LIKE 'lethe\_guard\_%'
		ORDER BY c.relname, t.tgname`)
	if err != nil {
		return nil, fmt.Errorf("list guard triggers: %w", err)
	}
	guards, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (InstalledGuard, error) {
		var g InstalledGuard
		var comment string
		err := row.Scan(&g.Schema, &g.Table, &g.Trigger, &g.Function, &comment)
		// The comment reads "lethe guard: entity=<name> table=<table> version=<hash>".
		for _, field := range strings.Fields(comment) {
			if v, ok := strings.CutPrefix(field, "entity="); ok {
				g.Entity = v
			}
			if v, ok := strings.CutPrefix(field, "version="); ok {
				g.Version = v
			}
		}
		if g.Entity == "" {
			g.Entity = strings.TrimPrefix(g.Trigger, guardPrefix)
		}
		return g, err
	})
	if err != nil {
		return nil, fmt.Errorf("list guard triggers: %w", err)
	}
	return guards, nil
}

// GuardChange is one guard that InstallGuards added, replaced or dropped,
// or that CheckGuards found missing, stale or undeclared.
type GuardChange struct {
	Entity, Table string
	// Action is add, update or drop (InstallGuards), or missing, stale or
	// undeclared (CheckGuards).
	Action string
}

func (c GuardChange) String() string {
	return fmt.Sprintf("%s guard of entity %s on table %s", c.Action, c.Entity, c.Table)
}

// diffGuards compares the wanted guards with the installed ones.
// Installed guards of the entities in keep are never dropped.
func diffGuards(want []Guard, have []InstalledGuard, keep []string) (add, update []Guard, drop []InstalledGuard) {
	installed := map[[2]string]InstalledGuard{}
	for _, h := range have {
		installed[[2]string{h.Table, h.Trigger}] = h
	}
	wanted := map[[2]string]bool{}
	for _, w := range want {
		k := [2]string{w.Table, w.Trigger}
		wanted[k] = true
		switch h, ok := installed[k]; {
		case !ok:
			add = append(add, w)
		case h.Version != w.Version || h.Function != w.Function:
			update = append(update, w)
		}
	}
	for _, h := range have {
		if !wanted[[2]string{h.Table, h.Trigger}] && !slices.Contains(keep, h.Entity) {
			drop = append(drop, h)
		}
	}
	return add, update, drop
}

// checkGuards reports how the installed guards differ from the guards of
// graphs: missing, stale (an older definition) or undeclared (an entity or
// table no longer declared). None means the guards are current.
func checkGuards(ctx context.Context, exec Executor, graphs []*EntityGraph, keep []string) ([]GuardChange, error) {
	want, err := wantedGuards(ctx, exec, graphs)
	if err != nil {
		return nil, err
	}
	have, err := InstalledGuards(ctx, exec)
	if err != nil {
		return nil, err
	}
	add, update, drop := diffGuards(want, have, keep)
	var out []GuardChange
	for _, g := range add {
		out = append(out, GuardChange{g.Entity, g.Table, "missing"})
	}
	for _, g := range update {
		out = append(out, GuardChange{g.Entity, g.Table, "stale"})
	}
	for _, g := range drop {
		out = append(out, GuardChange{g.Entity, g.Table, "undeclared"})
	}
	return out, nil
}

// installGuards makes the guards in the database those of graphs, in one
// transaction: it adds the missing ones, replaces stale ones and drops those
// of entities or tables no longer declared (except those of the entities in
// keep, which did not resolve), along with the hand-written
// lethe_run_guard of earlier versions of the run example. Creating a trigger
// briefly locks its table against writes; a table busy for longer than
// lockTimeout fails the installation, which then changes nothing.
func installGuards(ctx context.Context, pool Beginner, graphs []*EntityGraph, keep []string, lockTimeout string) ([]GuardChange, error) {
	var changes []GuardChange
	err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `SELECT set_config('lock_timeout', $1, true)`, lockTimeout); err != nil {
			return fmt.Errorf("set lock_timeout: %w", err)
		}
		want, err := wantedGuards(ctx, tx, graphs)
		if err != nil {
			return err
		}
		have, err := InstalledGuards(ctx, tx)
		if err != nil {
			return err
		}
		add, update, drop := diffGuards(want, have, keep)
		for _, h := range drop {
			sql := `DROP TRIGGER IF EXISTS ` + ident(h.Trigger) + ` ON ` + pgx.Identifier{h.Schema, h.Table}.Sanitize()
			if _, err := tx.Exec(ctx, sql); err != nil {
				return fmt.Errorf("drop guard of %s on %s: %w", h.Entity, h.Table, err)
			}
			changes = append(changes, GuardChange{h.Entity, h.Table, "drop"})
		}
		for _, list := range []struct {
			action string
			guards []Guard
		}{{"add", add}, {"update", update}} {
			for _, g := range list.guards {
				if err := installGuard(ctx, tx, g); err != nil {
					return err
				}
				changes = append(changes, GuardChange{g.Entity, g.Table, list.action})
			}
		}
		// Functions whose trigger is gone, and the run example's
		// hand-written guard (with its triggers), which the generated one
		// replaces.
		_, err = tx.Exec(ctx, `
			DO $$
			DECLARE f regprocedure;
			BEGIN
				FOR f IN SELECT p.oid::regprocedure FROM pg_proc p
					WHERE p.prorettype = 'trigger'::regtype
					  AND (p.proname = 'lethe_run_guard'
					       OR (p.proname LIKE 'lethe\_guard\_%' AND NOT EXISTS (SELECT 1 FROM pg_trigger t WHERE t.tgfoid = p.oid)))
				LOOP
					EXECUTE format('DROP FUNCTION %s CASCADE', f);
				END LOOP;
			END $$`)
		if err != nil {
			return fmt.Errorf("drop unused guard functions: %w", err)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	return changes, nil
}

func installGuard(ctx context.Context, tx pgx.Tx, g Guard) error {
	comment := quoteLiteral(fmt.Sprintf("lethe guard: entity=%s table=%s version=%s", g.Entity, g.Table, g.Version))
	for _, sql := range []string{
		g.createFunction,
		`COMMENT ON FUNCTION ` + g.qualifiedFunction + `() IS ` + comment,
		`DROP TRIGGER IF EXISTS ` + ident(g.Trigger) + ` ON ` + g.qualifiedTable,
		g.createTrigger,
	} {
		if _, err := tx.Exec(ctx, sql); err != nil {
			return fmt.Errorf("install guard of %s on %s: %w", g.Entity, g.Table, err)
		}
	}
	return nil
}

// wantedGuards returns the guards of graphs, with lethe_tombstones found in
// the session's search_path.
func wantedGuards(ctx context.Context, exec Executor, graphs []*EntityGraph) ([]Guard, error) {
	var schema string
	err := exec.QueryRow(ctx, `SELECT n.nspname FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = to_regclass('lethe_tombstones')`).Scan(&schema)
	if err != nil {
		return nil, fmt.Errorf("find lethe_tombstones (run lethe migrate up first): %w", err)
	}
	var want []Guard
	for _, g := range graphs {
		want = append(want, g.Guards(schema)...)
	}
	return want, nil
}

// Beginner starts transactions: a pool or a connection.
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}
