"""The frozen program's entry point: the same command line as `illusio-table`."""

import sys

from illusio_table.cli import main

if __name__ == "__main__":
    sys.exit(main())
