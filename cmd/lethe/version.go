package main

import (
	"context"
	"fmt"
	"runtime/debug"
)

func versionCommand() command {
	cmd := command{
		name:    "version",
		summary: "Print the module version and the VCS commit the binary was built from (also lethe --version).",
		usage:   "",
	}
	cmd.run = func(ctx context.Context, c *cli, args []string) error {
		fs := c.flags(cmd, nil)
		if err := parseNoArgs(fs, args); err != nil {
			return err
		}
		info, _ := debug.ReadBuildInfo() // nil when the binary records none
		fmt.Fprintln(c.stdout, version(info))
		return nil
	}
	return cmd
}

// version describes the build info records: "lethe v1.2.0 commit
// 0123abcd4567", "lethe (devel) commit 0123abcd4567 (modified)" for a
// build from a work tree with changes, "lethe (devel)" when it records no
// commit, and "lethe (devel) (no build information)" when info is nil.
func version(info *debug.BuildInfo) string {
	v := "(devel)"
	if info != nil && info.Main.Version != "" {
		v = info.Main.Version
	}
	s := "lethe " + v
	if info == nil {
		return s + " (no build information)"
	}
	var commit, modified string
	for _, setting := range info.Settings {
		switch setting.Key {
		case "vcs.revision":
			commit = setting.Value
		case "vcs.modified":
			modified = setting.Value
		}
	}
	if commit == "" {
		return s
	}
	s += " commit " + commit[:min(len(commit), 12)]
	if modified == "true" {
		s += " (modified)"
	}
	return s
}
