package web

import (
	"embed"
	"io/fs"
	"net/http"
)

// The dashboard is one HTML page, a stylesheet and a script, embedded: no
// build step, no CDN. The script polls GET /api/v1/overview and
// /api/v1/throughput and calls the action routes.
//
//go:embed static
var staticFiles embed.FS

func (s *Server) dashboardRoutes() {
	assets, _ := fs.Sub(staticFiles, "static") // cannot fail: the directory is embedded
	files := http.FileServerFS(assets)
	s.mux.Handle("GET /{$}", s.requireAuth(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		http.ServeFileFS(w, r, assets, "index.html")
	})))
	s.mux.Handle("GET /static/", s.requireAuth(http.StripPrefix("/static/", noCache(files))))
}

// noCache makes browsers revalidate assets, so an upgraded server's page
// never runs an old script.
func noCache(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		h.ServeHTTP(w, r)
	})
}
