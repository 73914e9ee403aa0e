# Install seguelab with the SegueKit sources it compiles learner code against.
#   make install PREFIX=$HOME/.local
# puts the binary in $(PREFIX)/bin and SegueKit's sources in $(PREFIX)/share/seguelab/SegueKit,
# where the binary looks for them (<bin>/../share/seguelab/SegueKit).
PREFIX ?= /usr/local
SWIFT ?= swift

.PHONY: build install uninstall bench

build:
	$(SWIFT) build -c release --product seguelab

install: build
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/seguelab"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/seguelab" "$(DESTDIR)$(PREFIX)/bin/seguelab"
	rm -rf "$(DESTDIR)$(PREFIX)/share/seguelab/SegueKit"
	cp -R Sources/SegueKit "$(DESTDIR)$(PREFIX)/share/seguelab/SegueKit"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/seguelab"
	rm -rf "$(DESTDIR)$(PREFIX)/share/seguelab"

bench: build
	bench/run.sh
