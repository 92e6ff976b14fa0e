package entity

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
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
// A guard function is SECURITY DEFINER, owned by the owner of
// lethe_tombstones (Lethe's role: migrate up made it its owner), with a
// search_path of pg_catalog and pg_temp only and every other name
// qualified: an application's writers need no right on lethe_tombstones,
// and no object they can create changes what it runs.
//
// On a partitioned table the guard's trigger is on the parent, and
// PostgreSQL clones it onto every partition, those attached later
// included; a clone (pg_trigger.tgparentid set) is the parent's trigger,
// and PostgreSQL drops it when its partition is detached.
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
	// Owner is the role its function belongs to, and runs as: the owner of
	// lethe_tombstones, Lethe's role.
	Owner string

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
LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $lethe_guard$
DECLARE
    lethe_guard_key text;
BEGIN
    FOR lethe_guard_key IN
        SELECT DISTINCT guard_keys.entity_key FROM (%[2]s) AS guard_keys (entity_key)
        WHERE guard_keys.entity_key IS NOT NULL ORDER BY 1
    LOOP
        PERFORM pg_catalog.pg_advisory_xact_lock_shared(pg_catalog.hashtext(%[3]s || ':' || lethe_guard_key));
        IF EXISTS (SELECT 1 FROM %[4]s ts WHERE ts.entity = %[3]s AND ts.key = lethe_guard_key) THEN
            RAISE EXCEPTION '%[5]s %% is deleted (tombstoned); clear its tombstone to write it again', lethe_guard_key
                USING ERRCODE = '%[6]s', TABLE = TG_TABLE_NAME,
                      DETAIL = 'entity=' || %[3]s || ' key=' || lethe_guard_key;
        END IF;
    END LOOP;
    RETURN NEW;
END
$lethe_guard$`, gd.qualifiedFunction, keys, entity, pgx.Identifier{tombstones, "lethe_tombstones"}.Sanitize(), g.Name, SQLStateTombstoned)

	var columns []string
	if table == g.Table {
		columns = append(columns, g.KeyColumn)
	}
	for _, e := range g.edgesInto(table) {
		if !selfReference(e) && !slices.Contains(columns, e.Column) {
			columns = append(columns, e.Column)
		}
	}
	quoted := make([]string, len(columns))
	for i, c := range columns {
		quoted[i] = ident(c)
	}
	// OR REPLACE: replacing a trigger needs the TRIGGER privilege only;
	// dropping one needs the table's owner.
	gd.createTrigger = fmt.Sprintf(`CREATE OR REPLACE TRIGGER %s BEFORE INSERT OR UPDATE OF %s ON %s FOR EACH ROW EXECUTE FUNCTION %s()`,
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
		if selfReference(e) {
			continue
		}
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

// selfReference reports whether e references its own table. A guard does
// not follow it: such an edge is the schema's own (on_delete), so its
// foreign key refuses a row whose parent is gone or going, and the row's
// other edges name its entities.
func selfReference(e EdgeSpec) bool { return e.Table == e.RefTable }

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
	// FunctionSchema is the schema of Function (the table's, as installed),
	// Owner the role that owns it.
	FunctionSchema, Owner string
}

// InstalledGuards lists the guard triggers in the database, with the
// entity and version their function's comment names. The clones of a
// partitioned table's guard on its partitions are not listed: they are
// the parent's, follow it, and cannot be dropped on their own.
func InstalledGuards(ctx context.Context, exec Executor) ([]InstalledGuard, error) {
	rows, err := exec.Query(ctx, `
		SELECT n.nspname, c.relname, t.tgname, pn.nspname, p.proname, pg_get_userbyid(p.proowner), coalesce(obj_description(p.oid, 'pg_proc'), '')
		FROM pg_trigger t
		JOIN pg_class c ON c.oid = t.tgrelid
		JOIN pg_namespace n ON n.oid = c.relnamespace
		JOIN pg_proc p ON p.oid = t.tgfoid
		JOIN pg_namespace pn ON pn.oid = p.pronamespace
		WHERE NOT t.tgisinternal AND t.tgparentid = 0 AND t.tgname LIKE 'lethe\_guard\_%'
		ORDER BY c.relname, t.tgname`)
	if err != nil {
		return nil, fmt.Errorf("list guard triggers: %w", err)
	}
	guards, err := pgx.CollectRows(rows, func(row pgx.CollectableRow) (InstalledGuard, error) {
		var g InstalledGuard
		var comment string
		err := row.Scan(&g.Schema, &g.Table, &g.Trigger, &g.FunctionSchema, &g.Function, &g.Owner, &comment)
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

// GuardChange is one guard that InstallGuards added, replaced, dropped or
// left in place, or that CheckGuards found missing, stale or undeclared.
type GuardChange struct {
	Entity, Table string
	// Action is add, update or drop (InstallGuards), or missing, stale or
	// undeclared (CheckGuards). Both report undeclared the guards of
	// entities the configuration does not declare, which InstallGuards
	// leaves in place.
	Action string
	// EntityDeclared says whether the configuration declares Entity. An
	// undeclared guard of a declared entity is on a table its declaration
	// no longer lists, and installing drops it; one of an entity not
	// declared at all stays until `lethe guards remove` drops it.
	EntityDeclared bool
}

func (c GuardChange) String() string {
	s := fmt.Sprintf("%s guard of entity %s on table %s", c.Action, c.Entity, c.Table)
	if !c.EntityDeclared {
		s += " (entity not declared)"
	}
	return s
}

// Fix is the command that brings the guard of c in line with the
// configuration.
func (c GuardChange) Fix() string {
	if !c.EntityDeclared {
		return GuardsRemoveCommand + " " + c.Entity
	}
	return GuardsInstallCommand
}

// GuardsRemoveCommand, followed by an entity's name, drops the guards of an
// entity the configuration no longer declares.
const GuardsRemoveCommand = "lethe guards remove"

// guardPlan is how the installed guards differ from those wanted.
type guardPlan struct {
	// add and update are wanted guards missing, or of another definition
	// or owner.
	add, update []Guard
	// drop are installed guards of the declared entities on tables their
	// declarations no longer list.
	drop []InstalledGuard
	// others are installed guards of entities the configuration does not
	// declare, which installing leaves in place.
	others []InstalledGuard
}

// planGuards compares the wanted guards of the resolved entities with the
// installed ones. Guards of the entities in unresolved (declared, but
// their tables are missing) are left alone and not reported.
func planGuards(want []Guard, have []InstalledGuard, resolved, unresolved []string) guardPlan {
	var plan guardPlan
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
			plan.add = append(plan.add, w)
		case h.Version != w.Version || h.Function != w.Function || h.Owner != w.Owner:
			plan.update = append(plan.update, w)
		}
	}
	for _, h := range have {
		switch {
		case wanted[[2]string{h.Table, h.Trigger}], slices.Contains(unresolved, h.Entity):
		case slices.Contains(resolved, h.Entity):
			plan.drop = append(plan.drop, h)
		default:
			plan.others = append(plan.others, h)
		}
	}
	return plan
}

// undeclared reports the installed guards that no declaration asks for.
func (p guardPlan) undeclared() []GuardChange {
	var out []GuardChange
	for _, h := range p.drop {
		out = append(out, GuardChange{h.Entity, h.Table, "undeclared", true})
	}
	for _, h := range p.others {
		out = append(out, GuardChange{h.Entity, h.Table, "undeclared", false})
	}
	return out
}

func names(graphs []*EntityGraph) []string {
	out := make([]string, len(graphs))
	for i, g := range graphs {
		out[i] = g.Name
	}
	return out
}

// checkGuards reports how the installed guards differ from the guards of
// graphs: missing, stale (an older definition) or undeclared (of an entity
// or a table no longer declared). None means the guards are current. The
// guards of the entities in keep, which did not resolve, are not reported.
func checkGuards(ctx context.Context, exec Executor, graphs []*EntityGraph, keep []string) ([]GuardChange, error) {
	want, err := wantedGuards(ctx, exec, graphs)
	if err != nil {
		return nil, err
	}
	have, err := InstalledGuards(ctx, exec)
	if err != nil {
		return nil, err
	}
	plan := planGuards(want, have, names(graphs), keep)
	var out []GuardChange
	for _, g := range plan.add {
		out = append(out, GuardChange{g.Entity, g.Table, "missing", true})
	}
	for _, g := range plan.update {
		out = append(out, GuardChange{g.Entity, g.Table, "stale", true})
	}
	return append(out, plan.undeclared()...), nil
}

// installGuards makes the guards in the database those of graphs, in one
// transaction: it adds the missing ones, replaces stale ones and drops
// those on tables that the declarations of graphs no longer list, along
// with the hand-written lethe_run_guard of earlier versions of the run
// example. It never drops the guards of an entity the configuration does
// not declare: it reports them as undeclared, and only RemoveGuards drops
// them. Guards of the entities in keep, which did not resolve, stay as
// they are. Creating a trigger briefly locks its table against writes; a
// table busy for longer than lockTimeout fails the installation, which
// then changes nothing.
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
		plan := planGuards(want, have, names(graphs), keep)
		for _, h := range plan.drop {
			if _, err := tx.Exec(ctx, h.dropTrigger()); err != nil {
				return fmt.Errorf("drop guard of %s on %s: %w%s", h.Entity, h.Table, err, privilegeHint(err, dropNeeds))
			}
			changes = append(changes, GuardChange{h.Entity, h.Table, "drop", true})
		}
		for _, list := range []struct {
			action string
			guards []Guard
		}{{"add", plan.add}, {"update", plan.update}} {
			for _, g := range list.guards {
				for _, sql := range g.statements() {
					if _, err := tx.Exec(ctx, sql); err != nil {
						return fmt.Errorf("install guard of %s on %s: %w%s", g.Entity, g.Table, err, privilegeHint(err, installNeeds))
					}
				}
				changes = append(changes, GuardChange{g.Entity, g.Table, list.action, true})
			}
		}
		for _, h := range plan.others {
			changes = append(changes, GuardChange{h.Entity, h.Table, "undeclared", false})
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

// statements create or replace the guard's function, its comment, its
// owner and its trigger. The function is Lethe's role's whoever installs
// it: it runs with that role's rights.
func (g Guard) statements() []string {
	comment := quoteLiteral(fmt.Sprintf("lethe guard: entity=%s table=%s version=%s", g.Entity, g.Table, g.Version))
	return []string{
		g.createFunction,
		`COMMENT ON FUNCTION ` + g.qualifiedFunction + `() IS ` + comment,
		`ALTER FUNCTION ` + g.qualifiedFunction + `() OWNER TO ` + ident(g.Owner),
		g.createTrigger,
	}
}

// What a role needs to install and to drop guards.
const (
	installNeeds = "installing a guard takes the TRIGGER privilege on its table and on each of its partitions, CREATE on the table's schema, and being (or being a member of) the owner of lethe_tombstones, Lethe's role, which owns the guard functions"
	dropNeeds    = "dropping a guard takes the owner of its table"
)

// privilegeHint adds to an error that is a lack of privilege what the
// statement needs, and how an owner can run it instead; "" for others.
func privilegeHint(err error, needs string) string {
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "42501" {
		return ""
	}
	return " (" + needs + ": run it as a role that may, or have one apply the SQL of lethe guards print-sql)"
}

// dropTrigger drops the installed guard's trigger (on a partitioned table,
// its clones on the partitions with it).
func (h InstalledGuard) dropTrigger() string {
	return `DROP TRIGGER IF EXISTS ` + ident(h.Trigger) + ` ON ` + pgx.Identifier{h.Schema, h.Table}.Sanitize()
}

// dropFunction drops the installed guard's function, once its trigger is
// gone.
func (h InstalledGuard) dropFunction() string {
	return `DROP FUNCTION IF EXISTS ` + pgx.Identifier{h.FunctionSchema, h.Function}.Sanitize() + `()`
}

// RemoveGuards drops every guard of the named entity, trigger and function,
// in tx, and returns what it dropped (action drop). It is how the guards of
// an entity no longer declared go: installing never drops them. It waits
// for each table's lock at most GuardLockTimeout.
func RemoveGuards(ctx context.Context, tx pgx.Tx, entity string) ([]GuardChange, error) {
	if _, err := tx.Exec(ctx, `SELECT set_config('lock_timeout', $1, true)`, GuardLockTimeout); err != nil {
		return nil, fmt.Errorf("remove guards of %s: set lock_timeout: %w", entity, err)
	}
	have, err := InstalledGuards(ctx, tx)
	if err != nil {
		return nil, fmt.Errorf("remove guards of %s: %w", entity, err)
	}
	var removed []GuardChange
	for _, h := range have {
		if h.Entity != entity {
			continue
		}
		for _, sql := range []string{h.dropTrigger(), h.dropFunction()} {
			if _, err := tx.Exec(ctx, sql); err != nil {
				return nil, fmt.Errorf("remove guard of %s on %s: %w%s", entity, h.Table, err, privilegeHint(err, dropNeeds))
			}
		}
		removed = append(removed, GuardChange{h.Entity, h.Table, "drop", false})
	}
	return removed, nil
}

// guardsSQL is what installGuards would run for graphs, written out for a
// DBA to apply in one transaction: every wanted guard created or replaced
// (so it applies whatever the database holds by then), its function owned
// by Lethe's role, and the guards on tables the declarations no longer
// list dropped. The guards of entities not declared are left.
func guardsSQL(ctx context.Context, exec Executor, graphs []*EntityGraph, keep []string) (string, error) {
	want, err := wantedGuards(ctx, exec, graphs)
	if err != nil {
		return "", err
	}
	have, err := InstalledGuards(ctx, exec)
	if err != nil {
		return "", err
	}
	plan := planGuards(want, have, names(graphs), keep)
	var b strings.Builder
	b.WriteString("BEGIN;\nSET LOCAL lock_timeout = " + quoteLiteral(GuardLockTimeout) + ";\n")
	for _, h := range plan.drop {
		fmt.Fprintf(&b, "\n-- entity %s no longer declares table %s\n%s;\n%s;\n", h.Entity, h.Table, h.dropTrigger(), h.dropFunction())
	}
	for _, g := range want {
		fmt.Fprintf(&b, "\n-- entity %s, table %s\n", g.Entity, g.Table)
		for _, sql := range g.statements() {
			b.WriteString(sql + ";\n")
		}
	}
	b.WriteString("\nCOMMIT;\n")
	return b.String(), nil
}

// wantedGuards returns the guards of graphs, with lethe_tombstones found in
// the session's search_path, and their functions owned by its owner.
func wantedGuards(ctx context.Context, exec Executor, graphs []*EntityGraph) ([]Guard, error) {
	var schema, owner string
	err := exec.QueryRow(ctx, `SELECT n.nspname, pg_get_userbyid(c.relowner) FROM pg_class c JOIN pg_namespace n ON n.oid = c.relnamespace WHERE c.oid = to_regclass('lethe_tombstones')`).Scan(&schema, &owner)
	if err != nil {
		return nil, fmt.Errorf("find lethe_tombstones (run lethe migrate up first): %w", err)
	}
	var want []Guard
	for _, g := range graphs {
		for _, gd := range g.Guards(schema) {
			gd.Owner = owner
			want = append(want, gd)
		}
	}
	return want, nil
}

// Beginner starts transactions: a pool or a connection.
type Beginner interface {
	Begin(ctx context.Context) (pgx.Tx, error)
}
