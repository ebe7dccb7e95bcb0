#!/usr/bin/env python3
"""Exit 0 when every `name==version` given is installed at that version (make deps)."""
import importlib.metadata
import sys

for requirement in sys.argv[1:]:
    name, version = requirement.split("==")
    try:
        if importlib.metadata.version(name) != version:
            sys.exit(1)
    except importlib.metadata.PackageNotFoundError:
        sys.exit(1)
