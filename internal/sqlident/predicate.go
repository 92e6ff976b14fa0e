package sqlident

import "strings"

// PredicateHolds reports whether a partial index's predicate, as
// pg_get_expr renders it ("(col IS NOT NULL)", "((a IS NOT NULL) AND (b =
// 'X'::text))"), holds for every row a statement touches, given the
// conditions the statement guarantees, rendered the same way
// ("col IS NOT NULL", "status = 'X'::text"). An empty predicate (a full
// index) always holds. The test is syntactic: every top-level conjunct of
// the predicate must be one of holds. It never says yes wrongly; it may say
// no to a predicate PostgreSQL would prove (a range that contains the
// statement's, say).
func PredicateHolds(predicate string, holds []string) bool {
	for _, c := range conjuncts(predicate) {
		found := false
		for _, h := range holds {
			if strip(h) == c {
				found = true
				break
			}
		}
		if !found {
			return false
		}
	}
	return true
}

// conjuncts splits an expression into its top-level AND terms, each
// without its enclosing parentheses.
func conjuncts(expr string) []string {
	expr = strip(expr)
	if expr == "" {
		return nil
	}
	var (
		out   []string
		depth int
		quote bool
		start int
	)
	for i := 0; i < len(expr); i++ {
		switch c := expr[i]; {
		case c == '\'':
			quote = !quote
		case quote:
		case c == '(':
			depth++
		case c == ')':
			depth--
		case depth == 0 && strings.HasPrefix(expr[i:], " AND "):
			out = append(out, strip(expr[start:i]))
			start = i + len(" AND ")
			i = start - 1
		}
	}
	return append(out, strip(expr[start:]))
}

// strip removes whitespace and parentheses that enclose all of expr.
func strip(expr string) string {
	for {
		expr = strings.TrimSpace(expr)
		if len(expr) < 2 || expr[0] != '(' || expr[len(expr)-1] != ')' || !enclosing(expr) {
			return expr
		}
		expr = expr[1 : len(expr)-1]
	}
}

// enclosing reports whether expr's first parenthesis closes at its end.
func enclosing(expr string) bool {
	depth, quote := 0, false
	for i := 0; i < len(expr); i++ {
		switch c := expr[i]; {
		case c == '\'':
			quote = !quote
		case quote:
		case c == '(':
			depth++
		case c == ')':
			depth--
			if depth == 0 {
				return i == len(expr)-1
			}
		}
	}
	return false
}
