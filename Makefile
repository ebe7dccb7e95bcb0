# inkpdf: `make run` sets up, builds and flattens the bundled samples into out/;
# `make test` runs the test suite. Both install missing Debian packages first.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# Debian packages the build, the tests and the benchmark need.
PACKAGES := pkg-config libpoppler-glib-dev libcairo2-dev zlib1g-dev libssl-dev libqpdf-dev \
            fonts-dejavu-core poppler-utils qpdf time
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
INKPDF := .build/release/inkpdf

.PHONY: deps build run test samples bench clean

deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi

build: deps
	$(SWIFT) build -c release --product inkpdf

# Flattens every SamplePDFs/NAME.pdf that has NAME.ink.jsonl[.gz] beside it.
run: build
	@mkdir -p out
	@for pdf in SamplePDFs/*.pdf; do \
	  name=$$(basename "$$pdf" .pdf); \
	  for ink in "SamplePDFs/$$name.ink.jsonl" "SamplePDFs/$$name.ink.jsonl.gz"; do \
	    if [ -f "$$ink" ]; then $(INKPDF) flatten "$$pdf" --ink "$$ink" -o "out/$$name.pdf" || exit $$?; break; fi; \
	  done; \
	done

test: deps
	$(SWIFT) test

# Regenerates the bundled samples from the project's own generator.
samples: deps
	$(SWIFT) run -c release inkpdf-samples samples SamplePDFs

# Times inkpdf flatten against pdftocairo -pdf on a 1000-page dense document.
bench: deps
	scripts/bench.sh

clean:
	rm -rf .build out bench-work
