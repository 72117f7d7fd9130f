package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"net"
	"net/http"
	"os"
	"time"

	"github.com/matheval/matheval/web"
	"github.com/spf13/cobra"
)

// viewerHandler is the viewer's HTTP handler (a variable: the test of the
// server's error log puts a handler that panics in front of it).
var viewerHandler = (*web.Server).Handler

// newServeCmd builds 'serve'.
func newServeCmd() *cobra.Command {
	var addr string
	var verbose bool
	c := &cobra.Command{
		Use:   "serve [DIR...]",
		Short: "Serve a local web viewer of the runs under some folders",
		Long: `serve finds the run directories under the given folders (default: the current
folder) and serves a viewer on 127.0.0.1: the runs with their tables and plots,
each item with the problem, the reference solution and the model's replies side
by side, filters (subject, level, group, verdict), search, and a two-run diff.
Mathematics is rendered to MathML on the server: the pages need no network and
run no JavaScript. Everything from datasets and models is escaped.

The viewer listens on loopback only unless --addr says otherwise; it has no
authentication, so do not expose it on a shared network.

What goes wrong inside the viewer's web server (a page that failed, with its
stack) is logged on stderr, each line starting with "matheval serve:";
--verbose adds one line per request.`,
		Example: "  matheval serve runs\n  matheval serve runs old-runs --addr 127.0.0.1:9000",
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) == 0 {
				args = []string{"."}
			}
			for _, d := range args {
				if fi, err := os.Stat(d); err != nil || !fi.IsDir() {
					return usageErrorf("serve: %s is not a folder", d)
				}
			}
			host, _, err := net.SplitHostPort(addr)
			if err != nil {
				return usageErrorf("serve: --addr %q: %v", addr, err)
			}
			s, err := web.New(args...)
			if err != nil {
				return err
			}
			s.Host = host
			if verbose {
				s.Log = log.New(cmd.ErrOrStderr(), "serve: ", log.LstdFlags)
			}
			ln, err := net.Listen("tcp", addr)
			if err != nil {
				return err
			}
			if ip := net.ParseIP(host); host != "localhost" && (ip == nil || !ip.IsLoopback()) {
				fmt.Fprintf(cmd.ErrOrStderr(), "matheval serve: warning: listening on %s, beyond this machine; the viewer has no authentication\n", addr)
			}
			fmt.Fprintf(cmd.OutOrStdout(), "serving %d runs on http://%s/ (Ctrl-C stops)\n", len(s.RunIDs()), ln.Addr())
			srv := &http.Server{Handler: viewerHandler(s), ReadHeaderTimeout: 10 * time.Second,
				// net/http's own lines about the viewer (a panic with its
				// stack, a bad response) would otherwise go through the
				// standard logger, unmarked; the viewer has no run
				// directory, so they go to stderr, marked as serve's.
				ErrorLog: log.New(cmd.ErrOrStderr(), "matheval serve: ", log.LstdFlags)}
			ctx, stop := interruptible(cmd)
			defer stop()
			go func() {
				<-ctx.Done()
				// ctx is done: the shutdown gets a deadline of its own.
				shut, cancel := context.WithTimeout(context.WithoutCancel(ctx), 3*time.Second)
				defer cancel()
				srv.Shutdown(shut)
			}()
			if err := srv.Serve(ln); err != nil && !errors.Is(err, http.ErrServerClosed) {
				return err
			}
			return nil
		},
	}
	c.Flags().StringVar(&addr, "addr", "127.0.0.1:8080", "address to listen on (host:port)")
	c.Flags().BoolVarP(&verbose, "verbose", "v", false, "log every request on stderr")
	return c
}
