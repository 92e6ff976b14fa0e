package sqlident

import "testing"

func TestPredicateHolds(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		pred  string
		holds []string
		want  bool
	}{
		{"", nil, true},
		{"(parent_id IS NOT NULL)", []string{"parent_id IS NOT NULL"}, true},
		{"(parent_id IS NOT NULL)", []string{"other IS NOT NULL"}, false},
		{"((a IS NOT NULL) AND (deletion_status = 'NOT_EXPIRED'::text))", []string{"a IS NOT NULL", "deletion_status = 'NOT_EXPIRED'::text"}, true},
		{"((a IS NOT NULL) AND (deletion_status = 'DELETED'::text))", []string{"a IS NOT NULL", "deletion_status = 'NOT_EXPIRED'::text"}, false},
		{"((a IS NOT NULL) OR (b IS NOT NULL))", []string{"a IS NOT NULL"}, false},
		{"(note = 'x AND y'::text)", []string{"note = 'x AND y'::text"}, true},
	} {
		if got := PredicateHolds(tc.pred, tc.holds); got != tc.want {
			t.Errorf("PredicateHolds(%q, %q) = %v, want %v", tc.pred, tc.holds, got, tc.want)
		}
	}
}
