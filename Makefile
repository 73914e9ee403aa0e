# Install seguelab with the SegueKit sources it compiles learner code against and the built-in
# lessons.
#   make install PREFIX=$HOME/.local
# puts the binary in $(PREFIX)/bin, SegueKit's sources in $(PREFIX)/share/seguelab/SegueKit and the
# built-in pack in $(PREFIX)/share/seguelab/Lessons, where the binary looks for them
# (<bin>/../share/seguelab/SegueKit and <bin>/../share/seguelab/Lessons). SwiftPM's resource
# bundles (the `pack new` starter pack) go beside the binary, where Bundle.module looks first.
PREFIX ?= /usr/local
SWIFT ?= swift

.PHONY: build install uninstall bench

build:
	$(SWIFT) build -c release --product seguelab

install: build
	@test -f Lessons/pack.yaml || { echo "Lessons/pack.yaml is missing: there is no built-in pack to install" >&2; exit 1; }
	install -d "$(DESTDIR)$(PREFIX)/bin" "$(DESTDIR)$(PREFIX)/share/seguelab"
	install -m 755 "$$($(SWIFT) build -c release --show-bin-path)/seguelab" "$(DESTDIR)$(PREFIX)/bin/seguelab"
	rm -rf "$(DESTDIR)$(PREFIX)/bin/seguelab_LessonKit.resources"
	cp -R "$$($(SWIFT) build -c release --show-bin-path)/seguelab_LessonKit.resources" "$(DESTDIR)$(PREFIX)/bin/"
	rm -rf "$(DESTDIR)$(PREFIX)/share/seguelab/SegueKit" "$(DESTDIR)$(PREFIX)/share/seguelab/Lessons"
	cp -R Sources/SegueKit "$(DESTDIR)$(PREFIX)/share/seguelab/SegueKit"
	cp -R Lessons "$(DESTDIR)$(PREFIX)/share/seguelab/Lessons"

uninstall:
	rm -f "$(DESTDIR)$(PREFIX)/bin/seguelab"
	rm -rf "$(DESTDIR)$(PREFIX)/bin/seguelab_LessonKit.resources"
	rm -rf "$(DESTDIR)$(PREFIX)/share/seguelab"

bench: build
	bench/run.sh
