# Yonmoku. `make run` opens the game; `make test` runs every check.
# Both install the Debian packages they need when missing (sudo only when not root).

# Builds live outside the checkout so that every clone (and CI) reuses them.
CARGO_TARGET_DIR ?= $(HOME)/.cache/yonmoku-target
export CARGO_TARGET_DIR
CARGO ?= cargo

SUDO := $(shell [ "$$(id -u)" -eq 0 ] || echo sudo)
# Headers Bevy's audio, input and windowing crates build against.
BUILD_PACKAGES := pkg-config libasound2-dev libudev-dev libwayland-dev libxkbcommon-dev
# Vulkan drivers (Mesa's software one where there is no GPU), for the window.
RUN_PACKAGES := mesa-vulkan-drivers libvulkan1
# A virtual display and a mouse for the rendered tests; xauth is what xvfb-run needs.
TEST_PACKAGES := xvfb xauth xdotool

# Installs whichever of the named Debian packages are missing.
define install_missing
	@missing=$$(for p in $(1); do \
		dpkg-query -W -f='$${Status}\n' $$p 2>/dev/null | grep -q '^install ok installed$$' || echo $$p; \
	done); \
	if [ -n "$$missing" ]; then \
		echo "Installing:" $$missing; \
		$(SUDO) apt-get update -qq && \
		$(SUDO) env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends $$missing; \
	fi
endef

.PHONY: run test deps test-deps toolchain lint unit-tests game-tests bench fmt

# The same build as the tests (dependencies optimised), so nothing compiles twice.
run: deps
	$(CARGO) run

test: test-deps lint unit-tests game-tests

toolchain:
	@command -v $(CARGO) >/dev/null || { \
		echo "Rust is missing: install Rust 1.95 or newer from https://rustup.rs, then run make again."; \
		exit 1; }

deps: toolchain
	$(call install_missing,$(BUILD_PACKAGES) $(RUN_PACKAGES))

test-deps: deps
	$(call install_missing,$(TEST_PACKAGES))

lint:
	$(CARGO) fmt --check
	$(CARGO) clippy --no-default-features --all-targets -- -D warnings
	$(CARGO) clippy --all-targets -- -D warnings

# The rules, engine and terminal commands, built without Bevy.
unit-tests:
	$(CARGO) test --no-default-features

# Everything with the game: headless Bevy tests and the rendered end-to-end tests,
# which run the real binary under Xvfb with Mesa's software Vulkan.
game-tests:
	$(CARGO) test

bench:
	$(CARGO) bench --no-default-features

fmt:
	$(CARGO) fmt
