"""What the independent-reader scripts (reference_render.py, signed_pdf.py,
list_annotations.py) share: a failure that carries its exit code, an argument
parser that fails with exit 64, and running `main` to one line of JSON on
stdout (nothing when it returns None: it printed its own table), or one line
naming the script and the problem on stderr."""

import argparse
import json
import sys


class Failure(Exception):
    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


class Parser(argparse.ArgumentParser):
    def error(self, message):
        raise Failure(64, message)


def run_script(prog, main):
    try:
        result = main(sys.argv[1:])
        if result is not None:
            print(json.dumps(result))
    except Failure as failure:
        print(f"{prog}: {failure}", file=sys.stderr)
        sys.exit(failure.code)
