# inkpdf: `make run` sets up, builds and flattens the bundled samples into out/;
# `make test` runs the test suite. Both install missing Debian packages first.

SWIFT ?= $(shell command -v swift 2>/dev/null || echo /opt/swift/usr/bin/swift)
# Debian packages the build, the tests and the benchmark need.
PACKAGES := pkg-config libpoppler-glib-dev libcairo2-dev libfontconfig-dev zlib1g-dev libdeflate-dev libssl-dev libqpdf-dev libzip-dev libxml2-dev libmicrohttpd-dev librsvg2-dev \
            fonts-dejavu-core fonts-urw-base35 poppler-utils qpdf mupdf-tools python3 xournalpp xvfb xauth zip unzip gzip openssl time \
            libtesseract-dev tesseract-ocr-eng tesseract-ocr-jpn tesseract-ocr-ita tesseract-ocr-deu wamerican witalian wngerman libzinnia-dev tegaki-zinnia-japanese tegaki-zinnia-simplified-chinese ocrmypdf
RMSCENE_VERSION := 0.8.0
RMSCENE := rmscene==$(RMSCENE_VERSION)
# Independent PDF readers the annotation tests compare against (MuPDF, PDFium, pikepdf, pyHanko), pinned.
PYTHON_CHECKERS := pymupdf==1.26.5 pypdfium2==5.15.2 pikepdf==10.18.0 pyhanko==0.38.0
# The handwriting samples' sources (scripts/handwriting_samples.py: Hershey single-stroke fonts, KanjiVG strokes), pinned.
HANDWRITING_SAMPLES := Hershey-Fonts==2.1.0 kanjivg==20260714
# The handwriting model's recipe (scripts/handwriting: synthetic lines, the numpy trainer) and the test that checks the
# Swift reader against its reference reader (scripts/handwriting/infer.py), pinned.
HANDWRITING_MODEL_TOOLS := numpy==2.4.6 pillow==13.0.0
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
INKPDF := .build/release/inkpdf
# Demo material (a demo vendor key, trust file and Pro licence): see SamplePDFs/demo-licence/README.md.
DEMO := SamplePDFs/demo-licence

.PHONY: deps build install run readme-check train-handwriting test test-slurm samples demo-licence bench bench-handwriting robustness agreement fuzz fuzz-remarkable fuzz-xournal fuzz-inkml fuzz-rnote fuzz-pdf-annotations fuzz-serve-request clean

deps:
	@missing=""; for p in $(PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "installing Debian packages:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
	@# rmscene: the reference reMarkable reader; the oracle tests' counts were measured with $(RMSCENE).
	@python3 -c 'import rmscene, importlib.metadata as m; assert m.version("rmscene") == "$(RMSCENE_VERSION)"' 2>/dev/null || \
	  python3 -m pip install -q '$(RMSCENE)' || python3 -m pip install -q --break-system-packages '$(RMSCENE)' || \
	  { echo 'cannot install $(RMSCENE) from PyPI; the tests against it need it' >&2; exit 1; }
	@python3 scripts/python_checkers.py $(PYTHON_CHECKERS) 2>/dev/null || \
	  python3 -m pip install -q $(PYTHON_CHECKERS) || python3 -m pip install -q --break-system-packages $(PYTHON_CHECKERS) || \
	  { echo 'cannot install $(PYTHON_CHECKERS) from PyPI; the annotation tests compare against them' >&2; exit 1; }
	@python3 -c 'import numpy, PIL, importlib.metadata as m; assert m.version("numpy") == "2.4.6"' 2>/dev/null || \
	  python3 -m pip install -q $(HANDWRITING_MODEL_TOOLS) || python3 -m pip install -q --break-system-packages $(HANDWRITING_MODEL_TOOLS) || \
	  { echo 'cannot install $(HANDWRITING_MODEL_TOOLS) from PyPI; the handwriting model tests and recipe need them' >&2; exit 1; }
	@python3 -c 'import HersheyFonts, importlib.metadata as m; m.version("kanjivg")' 2>/dev/null || \
	  python3 -m pip install -q $(HANDWRITING_SAMPLES) || python3 -m pip install -q --break-system-packages $(HANDWRITING_SAMPLES) || \
	  { echo 'cannot install $(HANDWRITING_SAMPLES) from PyPI; the recognition tests write their samples with them' >&2; exit 1; }

build: deps
	$(SWIFT) build -c release --product inkpdf

# Installs the release binary, the manual page, the handwriting model and the demo licence: $(DESTDIR)$(PREFIX)/bin/inkpdf,
# $(DESTDIR)$(PREFIX)/share/man/man1/inkpdf.1 and $(DESTDIR)$(PREFIX)/share/inkpdf/ (PREFIX=/usr/local unless given; DESTDIR for packaging).
PREFIX ?= /usr/local
install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/man/man1"
	install -m 755 $(INKPDF) "$(DESTDIR)$(PREFIX)/bin/inkpdf"
	install -m 644 docs/inkpdf.1 "$(DESTDIR)$(PREFIX)/share/man/man1/inkpdf.1"
	install -d "$(DESTDIR)$(PREFIX)/share/inkpdf/demo-licence"
	install -m 644 Sources/InkRecognition/Resources/handwriting-latin.bin "$(DESTDIR)$(PREFIX)/share/inkpdf/handwriting-latin.bin"
	install -m 644 $(DEMO)/trust.json $(DEMO)/demo-pro-licence.jws $(DEMO)/demo-vendor.pub.pem $(DEMO)/AppleRootCA-G3.pem $(DEMO)/README.md \
	    "$(DESTDIR)$(PREFIX)/share/inkpdf/demo-licence/"

# Shows the entitlement gate refusing a flatten without a proof of Pro (exit 85), then flattens every
# SamplePDFs/NAME.pdf that has NAME.ink.jsonl[.gz] beside it and every Xournal++ notebook with the demo Pro
# licence, reading the handwriting of the notebook of words (--recognize), and finds one of them with search.
run: build
	@mkdir -p out
	@echo "# without a proof of Pro, flattening is refused (exit 85, nothing written):"
	@code=0; $(INKPDF) flatten SamplePDFs/course-notes.pdf --ink SamplePDFs/course-notes.ink.jsonl -o out/refused.pdf || code=$$?; \
	  echo "exit $$code"; [ "$$code" = 85 ] || { echo "expected exit 85" >&2; exit 1; }
	@echo "# with the demo Pro licence ($(DEMO), demo material), flattening is allowed:"
	@for pdf in SamplePDFs/*.pdf; do \
	  name=$$(basename "$$pdf" .pdf); \
	  for ink in "SamplePDFs/$$name.ink.jsonl" "SamplePDFs/$$name.ink.jsonl.gz"; do \
	    if [ -f "$$ink" ]; then $(INKPDF) flatten "$$pdf" --ink "$$ink" -o "out/$$name.pdf" \
	      --trust $(DEMO)/trust.json --proof $(DEMO)/demo-pro-licence.jws || exit $$?; break; fi; \
	  done; \
	done
	@echo "# Xournal++ notebooks, read as Xournal++ shows them (the worksheet's PDF is found beside it); the words of handwritten-words.xopp are read (--recognize):"
	@for doc in SamplePDFs/*.xopp; do \
	  recognize=""; [ "$$(basename "$$doc")" = handwritten-words.xopp ] && recognize=--recognize; \
	  $(INKPDF) flatten "$$doc" -o "out/$$(basename "$$doc" .xopp).pdf" $$recognize \
	    --trust $(DEMO)/trust.json --proof $(DEMO)/demo-pro-licence.jws || exit $$?; \
	done
	@echo "# a handwritten word found in the flattened notebook:"
	$(INKPDF) search convolution out/handwritten-words.pdf --trust $(DEMO)/trust.json --proof $(DEMO)/demo-pro-licence.jws

# Runs every command of the README's ```sh blocks, in order, in a scratch copy of the repository
# after `make run` there (scripts/readme_check.sh says which lines count); fails at the first that exits non-zero.
readme-check: build
	INKPDF="$(abspath $(INKPDF))" scripts/readme_check.sh

test: deps
	$(SWIFT) test

# Runs `inkpdf batch --shard` as a Slurm array job (scripts/slurm/inkpdf-batch.sbatch) on a
# one-node Slurm cluster it starts in a temporary folder, cancels one task mid-shard, resubmits
# it and checks every output is there exactly once (docs/slurm.md). Root on Debian 12; installs
# slurmctld, slurmd, slurm-client and munge itself. `make test-slurm INKPDF=path` reuses a binary.
test-slurm: $(if $(filter command line,$(origin INKPDF)),,build)
	INKPDF="$(abspath $(INKPDF))" scripts/test-slurm.sh

# Regenerates the bundled samples from the project's own generator.
samples: deps
	$(SWIFT) run -c release inkpdf-samples samples SamplePDFs
	python3 scripts/sample_notebook.py SamplePDFs/handwritten-words.xopp

# Regenerates the demo vendor key, trust file and Pro licence with inkpdf's own commands.
demo-licence: build
	INKPDF=$(INKPDF) scripts/demo-licence.sh

# Times inkpdf flatten against pdftocairo -pdf on a 1000-page dense document.
bench: deps
	scripts/bench.sh

# Trains inkpdf's own handwriting model from synthetic handwriting the project's script draws (Hershey single-stroke
# fonts with a hand's variation, words from Debian's word lists) into Sources/InkRecognition/Resources/handwriting-latin.bin,
# on the CPU: 75 minutes of training on two cores (scripts/handwriting/README.md). The model file is committed.
train-handwriting: deps
	nice -n 10 python3 scripts/handwriting/train.py --minutes 75 --seed 1 \
	    --out Sources/InkRecognition/Resources/handwriting-latin.bin --log train-handwriting.log

# Measures handwriting recognition against bench/handwriting/truth (search, false hits, text layer,
# junk, the OCRmyPDF peer, time and memory a page) on the corpus notebooks: scripts/handwriting_bench.py.
bench-handwriting: build
	python3 scripts/handwriting_bench.py --inkpdf $(INKPDF)

# Runs every PDF and ink file of a corpus (default ../shared/corpus, read in place) through
# inkpdf and prints a table: correct output, clear error, crash, hang, partial file; then the agreement table below.
CORPUS ?= ../shared/corpus
# The agreement table is printed whatever the first table found; the target fails if either script did.
robustness: build
	@status=0; scripts/robustness.py $(CORPUS) --inkpdf $(INKPDF) || status=$$?; \
	  scripts/annotation_agreement.py $(CORPUS) --inkpdf $(INKPDF) || status=$$?; exit $$status

# Flattens every annotated PDF of the corpus (first 10 pages) and prints how its ink agrees with poppler,
# MuPDF and PDFium drawing the original's annotations, worst first; without the corpus, a one-line note.
agreement: build
	scripts/annotation_agreement.py $(CORPUS) --inkpdf $(INKPDF)

# Fuzzes the ink-layers reader with libFuzzer for FUZZ_SECONDS (default 600). Every fuzz-* target runs the
# package's inkpdf-fuzz (built by scripts/fuzz.sh in .build-fuzz), seeded with the target's kept inputs in
# Tests/FuzzRegressions/TARGET/, where its findings are copied for `make test` to run.
FUZZ_SECONDS ?= 600
fuzz: deps
	SWIFT=$(SWIFT) scripts/fuzz.sh $(FUZZ_SECONDS)

# Fuzzes the reMarkable .rm reader, seeded with the corpus's .rm files (read in place).
fuzz-remarkable: deps
	SWIFT=$(SWIFT) CORPUS=$(CORPUS) scripts/fuzz.sh $(FUZZ_SECONDS) remarkable

# Fuzzes the Xournal++ importer (gzip, zip and plain XML), seeded with the corpus's .xopp and .xoj files (read in place).
fuzz-xournal: deps
	SWIFT=$(SWIFT) CORPUS=$(CORPUS) scripts/fuzz.sh $(FUZZ_SECONDS) xournal

# Fuzzes the InkML importer (plain and gzip XML), seeded with hand-written documents (kept inputs) and any .inkml of the corpus.
fuzz-inkml: deps
	SWIFT=$(SWIFT) CORPUS=$(CORPUS) scripts/fuzz.sh $(FUZZ_SECONDS) inkml

# Fuzzes the rnote importer (its JSON, gzip-compressed by the target), seeded with hand-written notebooks
# (kept inputs) and the corpus's .rnote files (read in place).
fuzz-rnote: deps
	SWIFT=$(SWIFT) CORPUS=$(CORPUS) scripts/fuzz.sh $(FUZZ_SECONDS) rnote

# Fuzzes the PDF annotation reader and the count of what poppler would load, seeded with generated PDFs
# (kept inputs) and the corpus's annotated PDFs (read in place).
fuzz-pdf-annotations: deps
	SWIFT=$(SWIFT) CORPUS=$(CORPUS) scripts/fuzz.sh $(FUZZ_SECONDS) pdf-annotations

# Fuzzes the service's request parsing (its daemon on 127.0.0.1, the multipart form, the endpoints' command lines).
fuzz-serve-request: deps
	SWIFT=$(SWIFT) scripts/fuzz.sh $(FUZZ_SECONDS) serve-request

clean:
	rm -rf .build .build-fuzz out bench-work
