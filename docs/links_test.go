// Package docs holds Lethe's guides. Its test keeps their links working:
// a README section moved into a guide must not leave links to it behind.
package docs

import (
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
)

var (
	mdLink     = regexp.MustCompile(`\]\(([^)\s]+)\)`)
	mdHeading  = regexp.MustCompile(`^#{1,6} (.+)$`)
	inlineCode = regexp.MustCompile("`[^`]*`")
)

// TestLinksResolve checks every relative link of README.md and docs/*.md:
// the file it names exists and, for a Markdown file, has the heading its
// #anchor names, spelled as GitHub makes anchors of headings.
func TestLinksResolve(t *testing.T) {
	t.Parallel()
	pages, err := filepath.Glob("*.md")
	if err != nil {
		t.Fatal(err)
	}
	pages = append(pages, filepath.Join("..", "README.md"))
	anchors := map[string]map[string]bool{}
	anchorsOf := func(path string) map[string]bool {
		path = filepath.Clean(path)
		if a, ok := anchors[path]; ok {
			return a
		}
		a := headingAnchors(t, path)
		anchors[path] = a
		return a
	}
	for _, page := range pages {
		for _, l := range pageLinks(t, page) {
			target, anchor, _ := strings.Cut(l.target, "#")
			if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
				continue
			}
			path := page
			if target != "" {
				path = filepath.Join(filepath.Dir(page), target)
				if _, err := os.Stat(path); err != nil {
					t.Errorf("%s:%d: link to %s: %v", page, l.line, l.target, err)
					continue
				}
			}
			if anchor != "" && strings.HasSuffix(path, ".md") && !anchorsOf(path)[anchor] {
				t.Errorf("%s:%d: link to %s: %s has no heading #%s", page, l.line, l.target, path, anchor)
			}
		}
	}
}

type link struct {
	target string
	line   int
}

// pageLinks returns the links of a Markdown page outside code.
func pageLinks(t *testing.T, path string) []link {
	t.Helper()
	var links []link
	fence := false
	for i, line := range readLines(t, path) {
		if strings.HasPrefix(line, "```") {
			fence = !fence
			continue
		}
		if fence {
			continue
		}
		for _, m := range mdLink.FindAllStringSubmatch(inlineCode.ReplaceAllString(line, ""), -1) {
			links = append(links, link{target: m[1], line: i + 1})
		}
	}
	return links
}

// headingAnchors returns the anchors GitHub gives the headings of a page:
// lowercased, only letters, digits, '-', '_' and spaces kept, spaces made
// '-', and a repeated anchor suffixed -1, -2, ….
func headingAnchors(t *testing.T, path string) map[string]bool {
	t.Helper()
	anchors := map[string]bool{}
	seen := map[string]int{}
	fence := false
	for _, line := range readLines(t, path) {
		if strings.HasPrefix(line, "```") {
			fence = !fence
			continue
		}
		m := mdHeading.FindStringSubmatch(line)
		if fence || m == nil {
			continue
		}
		var b strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case r == ' ':
				b.WriteRune('-')
			case r == '-' || r == '_' || unicode.IsLetter(r) || unicode.IsDigit(r):
				b.WriteRune(r)
			}
		}
		anchor := b.String()
		if n := seen[anchor]; n > 0 {
			anchors[anchor+"-"+strconv.Itoa(n)] = true
		} else {
			anchors[anchor] = true
		}
		seen[anchor]++
	}
	return anchors
}

func readLines(t *testing.T, path string) []string {
	t.Helper()
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	return strings.Split(string(data), "\n")
}
