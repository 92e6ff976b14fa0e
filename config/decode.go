package config

import (
	"fmt"
	"reflect"
	"slices"
	"strings"

	"gopkg.in/yaml.v3"

	"github.com/lethehq/lethe/internal/quote"
)

// Error is every problem found in a configuration, one per field, in file
// order: unknown fields (with the closest known name), values of the wrong
// type, fields of another policy kind, and values that fail validation.
// Its message has one line per problem, each naming the field's path, e.g.
//
//	config: policies[0] (pastes).batch_sise: unknown field; did you mean batch_size?
//	config: policies[1] (keys).batch_size: want an integer, got "ten"
type Error struct {
	Problems []string
}

func (e *Error) Error() string {
	return "config: " + strings.Join(e.Problems, "\nconfig: ")
}

// problems collects what is wrong with a configuration.
type problems []string

func (p *problems) add(path, format string, args ...any) {
	for i, a := range args {
		args[i] = shorten(a)
	}
	*p = append(*p, path+": "+fmt.Sprintf(format, args...))
}

// shorten cuts a long string argument of a problem to quote.Limit bytes,
// saying how long it was, so a problem line stays readable whatever the
// file holds.
func shorten(arg any) any {
	if s, ok := arg.(string); ok {
		return quote.Prefix(s)
	}
	return arg
}

func (p problems) err() error {
	if len(p) == 0 {
		return nil
	}
	return &Error{Problems: p}
}

// fieldSet names the YAML keys present in one mapping, so defaults can tell
// "pause: 0s" from no pause at all.
type fieldSet map[string]bool

// decoder fills Go values from a YAML node tree, checking each key against
// the struct's yaml tags and each value against its field's type, and
// records every problem with its path instead of stopping at the first.
type decoder struct {
	problems problems
}

// decodeStruct fills the struct v from a mapping node and returns the keys
// it held. Fields of embedded structs tagged ",inline" are the struct's own.
func (d *decoder) decodeStruct(node *yaml.Node, v reflect.Value, path string) fieldSet {
	node = resolve(node)
	given := fieldSet{}
	if isNull(node) {
		return given
	}
	if node.Kind != yaml.MappingNode {
		d.problems.add(pathOr(path), "want a mapping of fields, got %s", describe(node))
		return given
	}
	fields := structFields(v.Type())
	for _, pair := range pairs(node) {
		key, value := pair.key, pair.value
		if isNull(value) {
			continue // "key:" with no value keeps the default
		}
		field, ok := fields[key]
		if !ok {
			d.problems.add(join(path, key), "unknown field%s", suggest(key, slices.Collect(mapKeys(fields))))
			continue
		}
		if given[key] {
			d.problems.add(join(path, key), "set twice")
			continue
		}
		given[key] = true
		d.decodeValue(value, v.FieldByIndex(field), join(path, key))
	}
	return given
}

// decodeValue fills v from node: structs and slices recursively, the rest
// with yaml's own decoding, translating its errors.
func (d *decoder) decodeValue(node *yaml.Node, v reflect.Value, path string) {
	node = resolve(node)
	if v.Addr().Type().Implements(unmarshalerType) {
		if err := node.Decode(v.Addr().Interface()); err != nil {
			d.problems.add(path, "%s", strings.TrimPrefix(err.Error(), "yaml: "))
		}
		return
	}
	if v.Type() == policiesType {
		v.Set(reflect.ValueOf(d.decodePolicies(node)))
		return
	}
	switch v.Kind() {
	case reflect.Struct:
		d.decodeStruct(node, v, path)
		return
	case reflect.Slice:
		if isNull(node) {
			return
		}
		if node.Kind != yaml.SequenceNode {
			d.problems.add(path, "want a list, got %s", describe(node))
			return
		}
		out := reflect.MakeSlice(v.Type(), len(node.Content), len(node.Content))
		for i, item := range node.Content {
			d.decodeValue(item, out.Index(i), fmt.Sprintf("%s[%d]", path, i))
		}
		v.Set(out)
		return
	}
	if node.Kind != yaml.ScalarNode {
		d.problems.add(path, "want %s, got %s", want(v.Type()), describe(node))
		return
	}
	if err := node.Decode(v.Addr().Interface()); err != nil {
		d.problems.add(path, "want %s, got %q", want(v.Type()), node.Value)
	}
}

// decodePolicies fills the policies list: each entry's kind picks its
// struct, and a field of another kind is named as such.
func (d *decoder) decodePolicies(node *yaml.Node) []Policy {
	node = resolve(node)
	if isNull(node) {
		return nil
	}
	if node.Kind != yaml.SequenceNode {
		d.problems.add("policies", "want a list of policies, got %s", describe(node))
		return nil
	}
	var out []Policy
	for i, item := range node.Content {
		if p := d.decodePolicy(resolve(item), i); p != nil {
			out = append(out, p)
		}
	}
	return out
}

func (d *decoder) decodePolicy(node *yaml.Node, i int) Policy {
	path := fmt.Sprintf("policies[%d]", i)
	if node.Kind != yaml.MappingNode {
		d.problems.add(path, "want a mapping of fields, got %s", describe(node))
		return nil
	}
	entry := pairs(node)
	var name, kind string
	for _, pair := range entry {
		switch value := resolve(pair.value); pair.key {
		case "name":
			name = value.Value
		case "kind":
			kind = value.Value
		}
	}
	if name != "" {
		path += " (" + name + ")"
	}

	p := newPolicy(Kind(kind))
	if p == nil {
		if kind == "" {
			d.problems.add(path+".kind", "required (%s)", kindList())
		} else {
			d.problems.add(path+".kind", "unknown policy kind %q (use %s)", kind, kindList())
		}
		// Still name the keys that no kind knows.
		all := map[string]bool{}
		for _, k := range Kinds {
			for key := range structFields(reflect.TypeOf(newPolicy(k)).Elem()) {
				all[key] = true
			}
		}
		for _, pair := range entry {
			if key := pair.key; !all[key] {
				d.problems.add(path+"."+key, "unknown field%s", suggest(key, slices.Collect(mapKeys(all))))
			}
		}
		return nil
	}

	// Split the entry's keys: the kind's own are decoded, another kind's
	// are named as such, and the rest are unknown.
	own := structFields(reflect.TypeOf(p).Elem())
	mine := &yaml.Node{Kind: yaml.MappingNode, Tag: "!!map"}
	for _, pair := range entry {
		key := pair.key
		if _, ok := own[key]; ok {
			mine.Content = append(mine.Content, &yaml.Node{Kind: yaml.ScalarNode, Tag: "!!str", Value: key}, pair.value)
			continue
		}
		if others := kindsWithField(key); len(others) > 0 {
			d.problems.add(path+"."+key, "belongs to kind %s, not %s", strings.Join(others, " or "), kind)
			continue
		}
		d.problems.add(path+"."+key, "unknown field%s", suggest(key, slices.Collect(mapKeys(own))))
	}
	given := d.decodeStruct(mine, reflect.ValueOf(p).Elem(), path)
	p.setDefaults(given)
	p.Base().index = i + 1
	return p
}

// problemPath is the field path a problem line starts with.
func problemPath(problem string) string {
	path, _, _ := strings.Cut(problem, ": ")
	return path
}

// pair is one key and its value in a mapping.
type pair struct {
	key   string
	value *yaml.Node
}

// pairs returns the keys and values of a mapping node in file order, with
// YAML merge keys ("<<: *defaults") resolved: a merged key comes in only
// when the mapping does not set it itself.
func pairs(node *yaml.Node) []pair {
	var own, merged []pair
	set := map[string]bool{}
	for i := 0; i+1 < len(node.Content); i += 2 {
		key, value := node.Content[i], node.Content[i+1]
		if key.Tag == "!!merge" || (key.Value == "<<" && key.Tag != "!!str") {
			sources := []*yaml.Node{resolve(value)}
			if sources[0].Kind == yaml.SequenceNode {
				sources = sources[0].Content
			}
			for _, src := range sources {
				if src = resolve(src); src.Kind == yaml.MappingNode {
					merged = append(merged, pairs(src)...)
				}
			}
			continue
		}
		own = append(own, pair{key.Value, value})
		set[key.Value] = true
	}
	for _, p := range merged {
		if !set[p.key] {
			own = append(own, p)
			set[p.key] = true
		}
	}
	return own
}

// kindsWithField returns the policy kinds that have a field named key.
func kindsWithField(key string) []string {
	var out []string
	for _, k := range Kinds {
		if _, ok := structFields(reflect.TypeOf(newPolicy(k)).Elem())[key]; ok {
			out = append(out, string(k))
		}
	}
	return out
}

var (
	unmarshalerType = reflect.TypeFor[yaml.Unmarshaler]()
	policiesType    = reflect.TypeFor[[]Policy]()
)

// structFields maps the yaml names of t's fields, inline embedded structs
// included, to their index paths.
func structFields(t reflect.Type) map[string][]int {
	out := map[string][]int{}
	for i := range t.NumField() {
		f := t.Field(i)
		tag := f.Tag.Get("yaml")
		name, opts, _ := strings.Cut(tag, ",")
		if tag == "-" || !f.IsExported() {
			continue
		}
		if opts == "inline" {
			for key, index := range structFields(f.Type) {
				out[key] = append([]int{i}, index...)
			}
			continue
		}
		if name == "" {
			continue
		}
		out[name] = []int{i}
	}
	return out
}

func mapKeys[V any](m map[string]V) func(yield func(string) bool) {
	return func(yield func(string) bool) {
		for k := range m {
			if !yield(k) {
				return
			}
		}
	}
}

// suggest returns "; did you mean X?" for the known name closest to key, or
// "" when none is close.
func suggest(key string, known []string) string {
	slices.Sort(known)
	best, bestDist := "", len(key)/2+2
	for _, k := range known {
		if d := editDistance(key, k); d < bestDist {
			best, bestDist = k, d
		}
	}
	if best == "" {
		return ""
	}
	return "; did you mean " + best + "?"
}

// editDistance is the Levenshtein distance between a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}

func resolve(node *yaml.Node) *yaml.Node {
	for node != nil && node.Kind == yaml.AliasNode {
		node = node.Alias
	}
	return node
}

func isNull(node *yaml.Node) bool {
	return node == nil || (node.Kind == yaml.ScalarNode && node.Tag == "!!null")
}

// describe names what node is, for messages: a list, a mapping, or the
// quoted scalar.
func describe(node *yaml.Node) string {
	switch node.Kind {
	case yaml.SequenceNode:
		return "a list"
	case yaml.MappingNode:
		return "a mapping"
	default:
		return fmt.Sprintf("%q", node.Value)
	}
}

// want names what a value of type t looks like in YAML.
func want(t reflect.Type) string {
	switch t.Kind() {
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return "an integer"
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return "a non-negative integer"
	case reflect.Float32, reflect.Float64:
		return "a number"
	case reflect.String:
		return "a string"
	default:
		return t.String()
	}
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

func pathOr(path string) string {
	if path == "" {
		return "(top level)"
	}
	return path
}

// errOf turns a decoding failure of the whole document (bad YAML syntax)
// into an Error.
func errOf(err error) error {
	msg := strings.TrimPrefix(err.Error(), "yaml: ")
	return &Error{Problems: []string{"bad YAML: " + msg}}
}
