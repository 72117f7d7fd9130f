# Builds matheval with its version and commit stamped in.
COMMIT := $(shell git rev-parse HEAD 2>/dev/null || echo unknown)
LDFLAGS := -X github.com/matheval/matheval/internal/version.Commit=$(COMMIT)

.PHONY: build test
build:
	CGO_ENABLED=0 go build -ldflags "$(LDFLAGS)" -o matheval ./cmd/matheval
test:
	go test ./...
