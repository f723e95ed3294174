# ScrollLab: `make run` opens the playground, `make test` runs every test.
# Both install what is missing first (Debian/Ubuntu, with apt-get; sudo when not root).

SWIFT ?= swift
APT_PACKAGES := libsdl2-dev libsdl2-ttf-dev libsdl2-image-dev libfontconfig-dev fonts-inter fonts-dejavu-core \
                libimgui-dev xvfb xdotool imagemagick pkg-config nodejs time binaryen \
                libqrencode-dev zbar-tools
# Installed without recommends: ffmpeg's pull in 88 packages (codecs, X, sound) that encoding
# piped frames to MP4 and GIF does not need; chromium runs headless for the page's test.
APT_PACKAGES_BARE := ffmpeg chromium
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test build deps clean golden soak bench readme-table architecture lint format wasm wasm-test \
        browser-test browser-bench wasm-node-test test-fast docs parameter-table command-reference phone-test phone-bench

deps:
	@missing=""; bare=""; for p in $(APT_PACKAGES); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	for p in $(APT_PACKAGES_BARE); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || bare="$$bare $$p"; \
	done; \
	if [ -n "$$missing$$bare" ]; then \
	  echo "Installing:$$missing$$bare"; \
	  $(SUDO) apt-get update -qq; \
	fi; \
	if [ -n "$$missing" ]; then \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing >/dev/null; \
	fi; \
	if [ -n "$$bare" ]; then \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$bare >/dev/null; \
	fi

build: deps
	$(SWIFT) build

# The window's Phone button and `export --web` serve the core built for WebAssembly: built first when
# its sources changed (about a minute), so a fresh clone's `make run` has it.
run: build wasm
	$(SWIFT) run scrollab $(ARGS)

# Every build treats warnings as errors (Package.swift sets it for every target: a warning is a defect found
# before it hides one), so `make run` after `make test` rebuilds nothing.
#
# The window suites (Tests/RealWindowTests) spend most of their time waiting on a window under Xvfb:
# they run in a process of their own beside the other suites, whose two threads then stay busy on
# two cores. Their output follows the others'.
test: deps lint
	$(SWIFT) build --build-tests
	@tests="$$($(SWIFT) build --show-bin-path)/ScrollLabPackageTests.xctest"; log=.build/window-tests.log; \
	"$$tests" --testing-library swift-testing --filter '^RealWindowTests\.' > $$log 2>&1 & windows=$$!; \
	trap 'kill $$windows 2>/dev/null' INT TERM; \
	"$$tests" --testing-library swift-testing --skip '^RealWindowTests\.'; others=$$?; \
	wait $$windows; status=$$?; echo "The window suites (Tests/RealWindowTests):"; cat $$log; \
	[ $$others = 0 ] && [ $$status = 0 ]
	$(MAKE) --no-print-directory wasm-test

# The physics core as WebAssembly (Embedded Swift): .build/wasm/ScrollPhysics.wasm.
# Rebuilt only when the core, the wasm runtime, the page or the script changed.
WASM_INPUTS := $(shell find Sources/ScrollPhysics Wasm/Sources -type f) Wasm/core.js Wasm/page/page.html Wasm/build.sh
wasm: deps .build/wasm/ScrollPhysics.wasm

.build/wasm/ScrollPhysics.wasm: $(WASM_INPUTS)
	Wasm/build.sh

# The core in node: its imports, size and errors, then the same touch samples through it and
# through `scrollab replay` (every model, 60 and 120 Hz): the offsets agree within 0.01 pt.
# (The same flags as `test`'s build, so after it scrollab is already built.)
wasm-test: wasm-node-test
	$(MAKE) --no-print-directory browser-test

wasm-node-test: wasm
	$(SWIFT) build --product scrollab
	node Wasm/test/core.test.js .build/wasm/ScrollPhysics.wasm
	node Wasm/test/conformance.js .build/wasm/ScrollPhysics.wasm .build/debug/scrollab

# `scrollab export --web`'s page in headless Chromium with touch emulation: a scripted flick moves
# the list as the desktop's replay of the page's own samples does; screenshots in .build/browser/.
# Then the served page live (Wasm/test/phone_test.py, about 17 s: see phone-test).
browser-test:
	python3 Wasm/test/browser_test.py .build/debug/scrollab .build/browser
	python3 Wasm/test/phone_test.py .build/debug/scrollab .build/phone

# The served page live (docs/phone.md): the real window under an Xvfb of its own with --serve, the page in
# headless Chromium; 403 without the token, the panel's QR code read back, a slider reaching the page, a flick
# coming back, a flood refused, a blind test answered on the page (also the end of browser-test).
phone-test: wasm
	$(SWIFT) build --product scrollab
	python3 Wasm/test/phone_test.py .build/debug/scrollab .build/phone

# The same, then the latency from a change in the window to the page's acknowledgement (100 changes).
phone-bench: wasm
	$(SWIFT) build --product scrollab
	python3 Wasm/test/phone_test.py .build/debug/scrollab .build/phone --bench 100

# Main-thread work per frame of the page while flicked, the CPU throttled 4× (numbers, not a test),
# beside the skeleton (the least a page moving content by its own physics does) and the floor.
browser-bench: wasm
	$(SWIFT) build --product scrollab
	python3 Wasm/test/browser_bench.py .build/debug/scrollab --skeleton

# The layout is swift-format's (.swift-format); no source line over 120 columns, C++ included; every import
# of a package module is a declared dependency (scripts/check_imports.py).
SOURCE_DIRS := Sources Tests Benchmarks/Benchmarks Wasm/Sources
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SOURCE_DIRS)
	python3 scripts/check_imports.py
	@long=$$(LC_ALL=C.UTF-8 grep -rnP '^.{121,}' --include='*.swift' --include='*.cpp' --include='*.h' --include='*.c' $(SOURCE_DIRS)); \
	if [ -n "$$long" ]; then echo "$$long"; echo "Lines over 120 columns (above): wrap them."; exit 1; fi

# Rewrites the sources in swift-format's layout (then wrap any comment or string still over 120 columns).
format:
	$(SWIFT) format format --in-place --recursive --parallel $(SOURCE_DIRS)

clean:
	rm -rf .build

# Rewrite the golden frames under Assets/golden (only when a visual change is intended).
golden: build
	$(SWIFT) run scrollab golden --assets Assets

# Rewrite docs/parameters.md's table from the definitions (after adding or changing a tunable).
# (`readme-table` is its old name, from when the table was in the README.)
parameter-table readme-table: deps
	$(SWIFT) build --build-tests
	SCROLLAB_UPDATE_DOCS=1 $(SWIFT) test --skip-build --filter parameterTableIsGeneratedFromTheDefinitions

# Rewrite docs/commands.md from the commands' own --help (after adding or changing a command or flag).
command-reference: deps
	$(SWIFT) build --build-tests
	SCROLLAB_UPDATE_DOCS=1 $(SWIFT) test --skip-build --filter "commandReferenceIsTheCommandsOwnHelp|theReadmesSceneTableIsTheRegistry"

# The DocC catalogue of the physics core (Sources/ScrollPhysics/ScrollPhysics.docc and the doc
# comments) as static HTML in .build/docs (swift-docc-plugin; open it through a local web server).
docs:
	$(SWIFT) package --allow-writing-to-directory .build/docs generate-documentation --target ScrollPhysics \
	  --disable-indexing --transform-for-static-hosting --output-path .build/docs

# Rewrite ARCHITECTURE.md's map of the modules from Package.swift (after adding or changing a module).
architecture: deps
	$(SWIFT) build --build-tests
	SCROLLAB_UPDATE_ARCHITECTURE=1 $(SWIFT) test --skip-build --filter theMapOfModulesIsMadeFromThePackage

# An hour of simulated use of every scene (make test runs a minute of it), 30,000 damaged
# blind-test results files (make test reads 300), 12,000 damaged recordings and 1,200 damaged clips.
soak: build
	$(SWIFT) run scrollab soak --seconds 3600
	$(SWIFT) build --build-tests
	SCROLLAB_FUZZ_ITERATIONS=30000 $(SWIFT) test --skip-build --filter ResultsFuzzTests
	SCROLLAB_FUZZ_ITERATIONS=12000 SCROLLAB_VIDEO_FUZZ=1200 $(SWIFT) test --skip-build \
	  --filter 'TrackerFuzzTests|VideoFuzzTests'

# The inner loop: every test but the real windows', the golden frames' and the browser's (the suites tagged
# `window` and `golden` are skipped by their tags: Tests/TestSupport/Tags.swift).
test-fast: deps
	$(SWIFT) build --build-tests
	SCROLLAB_SKIP_TAGS=window,golden $(SWIFT) test --skip-build
	$(MAKE) --no-print-directory wasm-node-test

# Benchmarks (their own package; a release build takes a few minutes on 2 cores).
bench: deps
	cd Benchmarks && $(SWIFT) package --disable-sandbox benchmark --no-progress
