// Package sqlident builds SQL around table and column names from
// configuration, the one way Lethe does: a template's {placeholder}s are
// filled with quoted identifiers only; values always go in $n parameters,
// never spliced into SQL.
package sqlident

import (
	"strings"

	"github.com/jackc/pgx/v5"
)

// Quote quotes a table or column name from configuration.
func Quote(name string) string { return pgx.Identifier{name}.Sanitize() }

// Template fills the {placeholder}s of SQL templates with names, each
// quoted by Quote.
type Template struct{ r *strings.Replacer }

// New maps each placeholder (without braces) to the unquoted name that
// fills it, e.g. {"table": "pastes"} fills {table} with "pastes".
func New(names map[string]string) Template {
	pairs := make([]string, 0, 2*len(names))
	for placeholder, name := range names {
		pairs = append(pairs, "{"+placeholder+"}", Quote(name))
	}
	return Template{strings.NewReplacer(pairs...)}
}

// Fill returns sql with every placeholder replaced.
func (t Template) Fill(sql string) string { return t.r.Replace(sql) }
